import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { commands } from './cli/commands.js';

/** `npm run cli -- <command> [args]`: operator commands. `help` lists them. */
const [name = 'help', ...args] = process.argv.slice(2);

try {
  const config = loadConfig();
  const log = createLogger({ logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel }, 'cli');
  const command = commands[name];
  if (!command || name === 'help') {
    console.log('Usage: npm run cli -- <command> [options]\n');
    for (const [key, c] of Object.entries(commands)) console.log(`  ${key.padEnd(22)} ${c.summary}`);
    process.exit(command || name === 'help' ? 0 : 2);
  }
  process.exit(await command.run(args, { config, log }));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
