-- Issue 32 item 6: a rule the wizard has created but not finished is a draft: disabled, never evaluated, shown as such.
alter table alert_rules add column draft boolean not null default false;

-- Issue 32 item 3: an alert's description was its rule's, copied when it opened and frozen there. It is now read from
-- the rule when the alert is shown (the rule's own text; the generated sentence is written at read time), so the copy
-- goes. What the alert measured stays in message_params.
alter table alerts drop column description;
