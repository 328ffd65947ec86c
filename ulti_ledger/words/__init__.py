"""What people read and type: the catalogues, the page language, dates and money."""
