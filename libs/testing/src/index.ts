export { testConnections, type TestConnections } from './connections.js'
export { createTestDatabase, type TestDatabase } from './database.js'
export { freePort, repoRoot, startProcess, waitUntil, type ServiceProcess } from './processes.js'
export { ownNatsServer, type OwnNatsServer } from './nats-server.js'
