-- Required work and activity of a device per ISO weekday (1 = Monday … 7 = Sunday), in minutes, and the users to
-- alert about a day below them (spec 02, dictionary: Devices, "Requirements"). A weekday without a row, or a null
-- minute count, requires nothing.
create table device_requirements (
  company_id integer not null,
  device_id integer not null,
  weekday smallint not null check (weekday between 1 and 7),
  work_minutes integer check (work_minutes between 0 and 1440),
  active_minutes integer check (active_minutes between 0 and 1440),
  primary key (device_id, weekday),
  foreign key (company_id, device_id) references devices (company_id, id) on delete cascade
);

create table device_requirement_users (
  company_id integer not null,
  device_id integer not null,
  user_id integer not null,
  primary key (device_id, user_id),
  foreign key (company_id, device_id) references devices (company_id, id) on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index device_requirement_users_user_idx on device_requirement_users (user_id);
