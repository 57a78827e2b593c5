import pg from 'pg'

/**
 * Gives a service's runtime role what serving needs and nothing more: reading and writing the rows
 * of the service's tables and using their sequences; never TRUNCATE, DDL or the migration history.
 * Run by the migration role (the schema's owner) after every migration, so tables a migration
 * added are covered, and privileges granted by hand beyond these (TRUNCATE, REFERENCES, TRIGGER)
 * are taken back.
 */
export async function grantRuntimeRole(client: pg.Client, runtimeRole: string): Promise<void> {
  const role = pg.escapeIdentifier(runtimeRole)
  await client.query(`
    REVOKE CREATE ON SCHEMA public FROM PUBLIC;
    GRANT USAGE ON SCHEMA public TO ${role};
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    REVOKE ALL ON "_prisma_migrations" FROM ${role};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};`)
}
