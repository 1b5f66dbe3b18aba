-- Lobby content (spec sections 2, 3, 7 and 9): image banners, announcements (marquee notices, player
-- notices, popups, promotions, help notices), the help centre, a merchant's domains and its
-- customer-service, social and app-download links.
--
-- Texts are stored per language as a jsonb object keyed by the spec's upper-case language codes
-- ({"EN": "...", "PT": "..."}); EN is required because it is the fallback for every other language.
-- Formatted content is sanitised to a safe HTML subset before it is stored, and again when read.
-- `key` is the writer's own id for a row (the seeder's, an import's): writing the same key twice
-- finds the first row instead of adding a second one.

create table banners (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  key text not null,
  group_name text not null check (group_name in ('w_home', 'w_leftmenu', 'w_login', 'w_forget')),
  -- Image url per language; pictures without words need only EN.
  image_urls jsonb not null check (jsonb_typeof(image_urls) = 'object' and image_urls ? 'EN'),
  linkage_type text not null default 'NONE'
    check (linkage_type in ('NONE', 'URL', 'ROUTE', 'GAME', 'PROMOTION')),
  -- URL: an http(s) address; ROUTE: a site path; GAME: a game code; PROMOTION: a promotion id.
  link text check ((linkage_type = 'NONE') = (link is null)),
  sort integer not null default 0,
  -- Shown from starts_at (inclusive) until ends_at (exclusive); null means no bound.
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  check (starts_at is null or ends_at is null or ends_at > starts_at),
  unique (merchant_code, key)
);
create index banners_merchant on banners (merchant_code, group_name, sort);

create table announcements (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  key text not null,
  -- B marquee notices, PL player notices, PU popups, PR promotions, H help notices.
  type text not null check (type in ('B', 'PL', 'PU', 'PR', 'H')),
  title jsonb not null check (jsonb_typeof(title) = 'object' and title ? 'EN'),
  content jsonb not null default '{}'::jsonb check (jsonb_typeof(content) = 'object'),
  -- Popup audience: A members, B guests, F members at their first login. Popups only.
  execution text check (execution in ('A', 'B', 'F')),
  -- Promotions: [{"url": "/art/...", "sequence": 1}, ...], shared by every language.
  images jsonb not null default '[]'::jsonb check (jsonb_typeof(images) = 'array'),
  sort integer not null default 0,
  published_at timestamptz not null default now(),
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  check ((type = 'PU') = (execution is not null)),
  check (starts_at is null or ends_at is null or ends_at > starts_at),
  unique (merchant_code, key)
);
create index announcements_merchant on announcements (merchant_code, type, sort);

-- One row per article and language: a help centre is written for each language separately.
create table help_articles (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  key text not null,
  language text not null check (language ~ '^[A-Z]{2}$'),
  -- A stable category key (account, payments, ...), its title in this language and its place.
  category text not null,
  category_title text not null,
  category_sort integer not null default 0,
  title text not null,
  content text not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  unique (merchant_code, key, language)
);
create index help_articles_merchant on help_articles (merchant_code, language);

-- The merchant's domains and what each is for (the main site, a mirror, the agent page, ...).
create table domain_routes (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  domain text not null unique check (domain = lower(domain)),
  route text not null check (route like '/%'),
  purpose text not null check (purpose in ('MAIN', 'MIRROR', 'AGENT', 'APP')),
  sort integer not null default 0
);
create index domain_routes_merchant on domain_routes (merchant_code, sort);

-- Customer-service, feedback, affiliate, social, app-download and licence links. A type without a
-- row is not configured and is not shown.
create table site_resources (
  merchant_code text not null references merchant_settings (merchant_code),
  type text not null check (type in ('CUSTOMER_SERVICE', 'FEEDBACK', 'AFFILIATE', 'FACEBOOK', 'INSTAGRAM',
    'WHATSAPP', 'TELEGRAM', 'APP_IOS', 'APP_ANDROID', 'LICENCE')),
  url text not null,
  label jsonb not null check (jsonb_typeof(label) = 'object' and label ? 'EN'),
  sort integer not null default 0,
  primary key (merchant_code, type)
);
