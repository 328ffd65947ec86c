from ulti_ledger import create_app

app = create_app()
