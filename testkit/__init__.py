"""Sample evenings, the browser and the live server for tests, benchmarks, scripts; not shipped."""
