-- Records and transfers (spec sections 2, 3, 6, 7): the merchant's wallet mode and the member's
-- transfer wallets at vendors.
--
-- isSingle (spec "merchant wallet"): true means one wallet, the member's cash, which seamless vendors
-- debit and credit directly; false means the member moves money between the main wallet and a
-- wallet per vendor (POST /wps/relay/walletTransfer).
alter table merchant_settings add column single_wallet boolean not null default true;

-- A transfer wallet is a member account of its own kind, one per vendor and currency
-- (code member:{memberId}:vendor_wallet:{VENDOR}:{CUR}); like cash it never goes below zero.
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check
  check (kind in ('cash', 'bonus', 'points', 'locked', 'house', 'clearing', 'vendor_wallet'));
