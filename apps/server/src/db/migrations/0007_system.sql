-- Site status per merchant (spec section 2: maintenance and region-blocked pages), the domains that
-- pick a merchant, and the language a member chose.

alter table merchant_settings
  -- null when the site is up; otherwise {title, info} per language, shown on the maintenance page.
  add column maintenance jsonb,
  -- Countries whose visitors may use this merchant's site; null lets everyone in.
  add column allowed_countries text[];

-- Licensed for its own country: visitors elsewhere see the region-blocked page.
update merchant_settings set allowed_countries = array[merchant_code];

create table merchant_domains (
  domain text primary key check (domain = lower(domain)),
  merchant_code text not null references merchant_settings (merchant_code)
);

alter table members add column language text;
