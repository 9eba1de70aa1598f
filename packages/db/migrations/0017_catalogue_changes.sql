-- Every change of a tenant's products (prices, stock states, new or removed products) is told to
-- every API process listening on 'catalogue_changed', with the tenant as payload; a TRUNCATE
-- names no tenant ('*'). The API's catalogue cache forgets what it keeps for that tenant.
-- Notifications go out at commit, once per tenant and transaction.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('catalogue_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('catalogue_changed', OLD.tenant_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('catalogue_changed', NEW.tenant_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed
  AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER products_catalogue_truncated
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
