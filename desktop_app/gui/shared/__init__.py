"""What every window is given and shares: the context, the unsettled payments, the invoices
known here."""
