"""The web front end's own pages: the log-in form, the invitation form and refusals.

Plain HTML with one small style sheet inline: nothing is fetched from anywhere but the server
(no fonts, scripts or images from elsewhere). Everything a person or a file wrote (names,
refusals quoting a name, the message of the day) goes through :func:`html.escape` and
:func:`~gardens_tui.rules.safe_text.printable`: it is shown, never interpreted.
"""

from __future__ import annotations

import html

from gardens_tui.rules.safe_text import printable

STYLE = """
body { background: #0c181f; color: #e8eef2; font-family: "Roboto Mono", ui-monospace,
  "DejaVu Sans Mono", monospace; display: flex; align-items: center; justify-content: center;
  min-height: 100vh; margin: 0; }
main { background: #12232d; padding: 2rem 2.5rem; max-width: 30rem; width: 100%;
  box-sizing: border-box; }
h1 { font-size: 1.3rem; margin: 0 0 1rem; color: #7fd1b9; }
p { line-height: 1.4; }
label { display: block; margin: 0.8rem 0 0.2rem; }
input { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit;
  background: #0c181f; color: inherit; border: 1px solid #3c5a6b; }
button { margin-top: 1.2rem; padding: 0.6rem 1.4rem; font: inherit; background: #2f7a63;
  color: #fff; border: none; cursor: pointer; }
.refusal { background: #4a1f24; padding: 0.6rem 0.8rem; }
.motd { color: #b8c7d1; font-style: italic; }
"""


def _text(value: str) -> str:
    """``value`` (anyone's text) as HTML text: printable, escaped."""
    return html.escape(printable(value), quote=True)


def page(title: str, body: str, status_note: str = "") -> str:
    """A whole page: ``body`` is HTML already escaped by the caller."""
    note = f'<p class="refusal" role="alert">{_text(status_note)}</p>' if status_note else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_text(title)}</title><style>{STYLE}</style></head>"
        f"<body><main><h1>{_text(title)}</h1>{note}{body}</main></body></html>\n"
    )


def login_page(*, how: str, motd: str = "", refusal: str = "", name: str = "") -> str:
    """The log-in page: ``how`` is ``"passwords"`` (a name and a password), ``"open"`` (a
    name alone) or ``"keys"`` (no form: such a server's players log in over SSH with their
    keys, and a browser comes in only by an invitation)."""
    motd_html = f'<p class="motd">{_text(motd)}</p>' if motd else ""
    if how == "keys":
        hint = (
            "This server's players log in over SSH with their keys. To play here in the "
            "browser, ask one of them for an invitation link (i in the lobby)."
        )
        return page("gardens-tui", f"{motd_html}<p>{_text(hint)}</p>", refusal)
    password = (
        '<label for="password">Password</label>'
        '<input id="password" name="password" type="password" autocomplete="current-password"'
        " required>"
        if how == "passwords"
        else ""
    )
    hint = (
        "Log in with the name and password the server's operator gave you: the same as over SSH."
        if how == "passwords"
        else "This server is open: choose the name the other players will see."
    )
    body = (
        f"{motd_html}<p>{_text(hint)}</p>"
        '<form method="post" action="/login">'
        '<label for="name">Name</label>'
        f'<input id="name" name="name" autocomplete="username" required maxlength="64"'
        f' value="{_text(name)}" autofocus>'
        f'{password}<button type="submit">Log in</button></form>'
    )
    return page("gardens-tui", body, refusal)


def invite_page(token: str, inviter: str, table: str, game: str, refusal: str = "") -> str:
    """The form an invitation link opens: who invites to which table, and a name to type."""
    body = (
        f"<p>{_text(inviter)} invites you to play {_text(game)} at table {_text(table)}.</p>"
        "<p>The link works once, for one person: choose the name the others will see.</p>"
        f'<form method="post" action="/invite/{html.escape(token, quote=True)}">'
        '<label for="name">Your name</label>'
        '<input id="name" name="name" required maxlength="64" autofocus>'
        '<button type="submit">Sit down</button></form>'
    )
    return page("gardens-tui: an invitation", body, refusal)


def refused_page(title: str, reason: str) -> str:
    """A page that only says why not (a spent invitation, a ban, a full server)."""
    return page(title, '<p><a href="/" style="color:#7fd1b9">Log in instead</a></p>', reason)
