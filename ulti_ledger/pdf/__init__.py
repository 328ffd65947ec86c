"""The scoresheet and season report as PDF: HTML in, bytes out, rendered in a pool."""
