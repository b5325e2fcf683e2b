import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Temporal's time-skipping test server (the SDK's default download is out of reach here): the Java
 * build published as a Maven artifact, fetched once with Maven into the cache beside the Temporal
 * CLI, and started through a launcher the SDK runs as an existing executable.
 */
export const testServerVersion = '1.31.0';

export function timeSkippingServerPath(cacheDir: string): string {
  return join(cacheDir, `temporal-test-server-${testServerVersion}`, 'temporal-test-server');
}

/** The server's jar, there once Maven has fetched it. */
export function timeSkippingServerJar(cacheDir: string): string {
  return join(cacheDir, `temporal-test-server-${testServerVersion}`, 'lib', `temporal-test-server-${testServerVersion}.jar`);
}

export async function installTimeSkippingServer(cacheDir: string): Promise<string> {
  const launcher = timeSkippingServerPath(cacheDir);
  const home = join(cacheDir, `temporal-test-server-${testServerVersion}`);
  const lib = join(home, 'lib');
  if (!existsSync(timeSkippingServerJar(cacheDir))) await fetchWithMaven(home, lib);
  // The SDK passes the port as the first argument, as the Java server's main expects. The SDK waits
  // only 5 s for the server, so the JVM is told to start fast rather than to run fast.
  writeFileSync(
    launcher,
    `#!/bin/sh\nexec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k -cp '${lib}/*' io.temporal.testserver.TestServer "$@"\n`,
  );
  chmodSync(launcher, 0o755);
  return launcher;
}

async function fetchWithMaven(home: string, lib: string): Promise<void> {
  mkdirSync(home, { recursive: true });
  const project = mkdtempSync(join(tmpdir(), 'temporal-test-server-'));
  writeFileSync(
    join(project, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>temporal-test-server-fetch</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>io.temporal</groupId><artifactId>temporal-test-server</artifactId><version>${testServerVersion}</version></dependency>
  </dependencies>
</project>
`,
  );
  console.log(`Fetching Temporal's time-skipping test server ${testServerVersion} with Maven into ${home} (first run only)`);
  try {
    await run('mvn', ['-q', '-B', '-f', join(project, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${lib}`]);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) =>
      reject(new Error(`${command} could not be started (Java and Maven are needed for workflow tests): ${error.message}`)),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
