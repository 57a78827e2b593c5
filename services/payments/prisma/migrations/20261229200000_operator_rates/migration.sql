-- Production exchange rates set by the operator (issue 28, RATES_SOURCE=operator): a pair's mid
-- rate and spread for a period. Rows are never updated: a new setting of a pair takes over from its
-- own start, and an ended one stays as the record of what quotes were priced at.
CREATE TABLE "operator_rates" (
  "id" TEXT NOT NULL,
  "source_currency" TEXT NOT NULL,
  "destination_currency" TEXT NOT NULL,
  "mid_rate" TEXT NOT NULL CHECK ("mid_rate" ~ '^[0-9]+(\.[0-9]+)?$'),
  "spread_bps" INTEGER NOT NULL CHECK ("spread_bps" BETWEEN 0 AND 9999),
  "valid_from" TIMESTAMPTZ(3) NOT NULL,
  "valid_until" TIMESTAMPTZ(3) NOT NULL,
  "set_by" TEXT NOT NULL,
  "set_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "operator_rates_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "operator_rates_pair_check" CHECK ("source_currency" <> "destination_currency"),
  CONSTRAINT "operator_rates_period_check" CHECK ("valid_until" > "valid_from")
);

-- a pair's current rate: the pair and the rows not ended yet
CREATE INDEX "operator_rates_source_currency_destination_currency_valid_until_idx" ON "operator_rates" ("source_currency", "destination_currency", "valid_until");
-- every pair's current rates (the currencies priced now, the operator's listing)
CREATE INDEX "operator_rates_valid_until_idx" ON "operator_rates" ("valid_until");
