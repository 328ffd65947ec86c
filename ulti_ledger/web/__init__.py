"""What a request meets around the views: addresses, limits, headers, input checks."""
