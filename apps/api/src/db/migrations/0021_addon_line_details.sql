-- Issue 14: what an add-on price line bought, beside its amount: a baggage step's kilograms, an
-- insurance plan's code and cover dates, and the insured passenger's entry (regionParams and
-- beneficiary) until the policy is bought after payment. Null on fare, tax and discount lines.
ALTER TABLE "order_price_lines" ADD COLUMN "detail" jsonb;
