-- An order's code: its number with zeros in front up to six digits, and all of its digits beyond.
-- Not inlined (its argument is used twice and is volatile), so nextval runs once per code.
CREATE OR REPLACE FUNCTION order_code(n bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT lpad(n::text, greatest(6, length(n::text)), '0')
$$;
