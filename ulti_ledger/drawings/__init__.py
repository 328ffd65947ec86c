"""Pictures as inline SVG: the balance chart, the drawn table, QR codes."""
