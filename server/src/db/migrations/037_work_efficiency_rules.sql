-- Issue 33 item 3: the "work efficiency" alert-rule type (spec 01 §3): the efficiency the product shows (work ÷ active
-- as a whole percent, 0 when the device was not active) of each window, below or above a percentage. The type list
-- of the check grows by it; nothing else changes.
alter table alert_rules drop constraint alert_rules_type_check;
alter table alert_rules add constraint alert_rules_type_check check (type in (
  'authentication', 'lastsync', 'value', 'geolocation', 'effective-work-time', 'effective-work-percentage',
  'work-without-operator', 'periodic-performance', 'part-replace', 'counter-per-hour', 'charging', 'periodic',
  'percentage-change', 'work-efficiency'));
