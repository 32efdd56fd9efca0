"""The SSH front end: :mod:`.front` (the server and its door), :mod:`.login` (one connection's
authentication), :mod:`.channel` (one session: the app on a pty), :mod:`.operator` (the
operator's tools) and :mod:`.admin` (their local socket).

Importing this package silences the deprecation warnings ``cryptography`` raises when
``asyncssh`` touches algorithms it still offers old clients (DSA keys since cryptography 51):
they are about asyncssh's code, not ours, and printed a dozen lines at every ``gardens serve
ssh`` start that an operator can do nothing about. Warnings from anywhere else still show."""

import warnings

from cryptography.utils import CryptographyDeprecationWarning

warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh\.")
