-- The alert list of a super-admin, who sees every company's alerts (docs/api.md): newest first across companies.
-- Without it that page sorts every alert of every company (over half a second at a million alerts,
-- docs/performance.md); each company's own list keeps using alerts_company_started_idx.
create index alerts_started_idx on alerts (started_at desc, id desc);
