-- The compose mesh's roles (run once, when the Postgres data folder is first created). The
-- migrator creates each service's database and owns its schema; each service serves as its own
-- role, which the migrator grants row access at every migration: no DDL, no TRUNCATE.
-- The passwords are for this local stack only.
CREATE ROLE migrator LOGIN CREATEDB PASSWORD 'migrator';
CREATE ROLE platform LOGIN PASSWORD 'platform';
CREATE ROLE customers LOGIN PASSWORD 'customers';
CREATE ROLE ledger LOGIN PASSWORD 'ledger';
CREATE ROLE payments LOGIN PASSWORD 'payments';
CREATE ROLE wallet_auth LOGIN PASSWORD 'wallet_auth';
CREATE ROLE cards LOGIN PASSWORD 'cards';
CREATE ROLE stablecoins LOGIN PASSWORD 'stablecoins';
CREATE ROLE agents LOGIN PASSWORD 'agents';
CREATE ROLE webhooks LOGIN PASSWORD 'webhooks';
