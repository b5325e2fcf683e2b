// Jest loads global setup outside its module system; tsx compiles the TypeScript stack launcher.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { startTestStack } = await tsImport('./stack.ts', import.meta.url);
  await startTestStack();
}
