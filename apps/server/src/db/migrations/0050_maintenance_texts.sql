-- The maintenance page's texts per merchant and language (spec section 1: "Status 1 shows the
-- maintenance page (title, info text, ...)"), written by content operators in the console (issue 15).
-- Apart from merchant_settings.maintenance, which is the switch itself (settings): texts can be
-- prepared and corrected without opening or closing the site. While the switch is on, the site shows
-- each text in the visitor's language, this table's before the switch's own, then EN the same way.
-- Plain text: the site shows them as text, never as markup.
create table maintenance_texts (
  merchant_code text not null references merchant_settings (merchant_code),
  language text not null check (language ~ '^[A-Z]{2}$'),
  title text not null check (length(title) between 1 and 200),
  info text not null check (length(info) between 1 and 2000),
  updated_at timestamptz not null default now(),
  primary key (merchant_code, language)
);
