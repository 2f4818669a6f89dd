import { runDatabaseCommand } from './database-cli';

await runDatabaseCommand('seed');
