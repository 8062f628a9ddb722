-- The outbox holds reset links: only the server's system transactions (the mailer) may touch it, never a tenant's.
REVOKE ALL ON outgoing_mails FROM kora_app;
