-- The outbox's attempts follow MAIL_MAX_ATTEMPTS (docs/mail.md) unless a mail asks for its own: null is "the
-- configured number", so changing the setting also applies to the mails already waiting.
alter table mail_outbox alter column max_attempts drop not null;
alter table mail_outbox alter column max_attempts drop default;
