-- Every ledger transaction balances, checked at commit (0004) by reading the table the trigger fires
-- on, not "ledger_entries" by name: on Citus the trigger fires on a shard (ledger_entries_102090 on
-- its worker), where all entries of one transaction live, since they share the tenant; reading the
-- distributed table there would be a query of its own over other connections that cannot see this
-- transaction's rows. On PostgreSQL and PGlite the firing table is "ledger_entries" itself.
CREATE OR REPLACE FUNCTION "ledger_transaction_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  EXECUTE format('SELECT coalesce(sum("amount"), 0) FROM %I.%I WHERE "tenant_id" = $1 AND "transaction_id" = $2',
                 TG_TABLE_SCHEMA, TG_TABLE_NAME)
    INTO total USING NEW."tenant_id", NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %)', NEW."transaction_id", total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
