/**
 * What the migrated template holds (tables, columns, indexes, triggers, functions): the run's
 * global setup reads it once (helpers/postgres.global.ts). A worker database that no longer
 * matches (a test created a trigger, dropped an index) is copied again from the template.
 */
export const SCHEMA_FINGERPRINT = `
select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
	select 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as item
		from pg_class c join pg_namespace n on n.oid = c.relnamespace
		where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
	union all select 'a:' || c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
		from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
		where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
	union all select 't:' || tgname from pg_trigger where not tgisinternal
	union all select 'f:' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
		where n.nspname not in ('pg_catalog', 'information_schema')
) as schema_items`;
