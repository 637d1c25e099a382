"""What the app says of each cause, one table per kind of cause: where a sentence a person reads
about something gone wrong, or about what to do next, is written.

- ``errors``: a call's failure, by the exception's class (``WORDS``), with its remedy; the one
  place an exception becomes words (``describe``).
- ``reasons``: why an address, a certificate authority file or a certificate cannot be used,
  and where a person puts it right (Settings, or this run's command line).
- ``journal``: why this computer's payment journal records nothing, and what to free or fix.
- ``list_parts``: why a list is shown in part (the service's paging, items not read).
- ``unreachable``: the service cannot be reached, wherever the desk says so (a call, the
  status line, the orders kept on screen, a password checked here, the offer to keep a slip),
  and what it says when the service answers again.
- ``sign_in``: a sign-in the desk cannot send work under.
- ``payment_form``: what is wrong with a slip as typed, and what the form says at each step.
- ``kept_slips``: slips kept here while the service is away: a balance with them counted,
  one not kept, what became of one, how many wait, one sent.
- ``pending``: what Pending payments says of kept and held slips.
- ``invoice_checks``: what is checked before an invoice is issued, and what to do.
- ``connection_findings``: the connection check's steps, findings and verdict, for IT.
- ``service_findings``: the service check's findings and verdict, for IT.

The windows show these words; none writes its own sentence for a cause named here.
"""
