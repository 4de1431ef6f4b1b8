import module from 'node:module';

// Start-up is mostly compiling our modules and dependencies: V8's code cache from the previous
// start (kept in the OS temp folder) brings the second start well under the 1 s budget.
module.enableCompileCache();
await import('./serve.ts');
