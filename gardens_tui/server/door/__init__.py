"""What a front end open to strangers needs before anyone plays: connection caps and the
login throttle (:mod:`.guard`), an accept loop that survives running out of file descriptors
(:mod:`.listener`), and who may log in (:mod:`.auth`)."""
