-- Register centre (issue 13, DECISIONS "default weak password"): accounts an agent creates for its
-- downlines get the merchant's default password and must change it at first login. It is a shared,
-- deliberately weak value the agent tells the new member, so it is kept as text, per merchant.
alter table merchant_settings add column default_member_password text not null default 'sorte1234';
