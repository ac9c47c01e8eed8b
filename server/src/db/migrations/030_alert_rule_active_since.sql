-- A rule judges only what happens while it is on (issue 32 item 5): a rule created at 06:02 raised alerts about
-- readings of 05:45 that arrived after it. `active_since` is when the rule was created or last enabled; the engine
-- ignores observations before it (arrivals, windows and timers alike). The preview still answers "what would have
-- happened" over any past period.
alter table alert_rules add column active_since timestamptz;
update alert_rules set active_since = created_at;
alter table alert_rules alter column active_since set not null, alter column active_since set default now();
