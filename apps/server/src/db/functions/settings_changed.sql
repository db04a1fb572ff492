CREATE OR REPLACE FUNCTION settings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('settings_version');
  RETURN NULL;
END
$$;
