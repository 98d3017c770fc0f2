import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Variables that slow a current numpy on some machines here (see the env notes); unset for the peer only. */
const OPENBLAS_VARIABLES = ['OPENBLAS_CORETYPE', 'OPENBLAS_L2_SIZE'];

/** The peer's methods per scenario: both where it has two (compare with the faster). */
export const PEER_METHODS = {
  independent: ['attempts', 'geometric'],
  exchangeable: ['attempts', 'geometric'],
  verifier: ['attempts'],
  budget: ['attempts'],
};

/**
 * Where the numpy peer lives: $PASSK_SHARED/bench/numpy_peer.py, else ../shared beside the repo root.
 * Throws a clear error when it is not there.
 */
export function peerScript(repoRoot) {
  const shared = process.env.PASSK_SHARED ? resolve(process.env.PASSK_SHARED) : resolve(repoRoot, '..', 'shared');
  const script = resolve(shared, 'bench', 'numpy_peer.py');
  if (!existsSync(script)) {
    throw new Error(`bench: the numpy peer is not at ${script} (set PASSK_SHARED to the folder that holds bench/numpy_peer.py)`);
  }
  return script;
}

/** The peer's environment: this process's, less the OpenBLAS overrides; also says which were unset. */
export function peerEnvironment() {
  const env = { ...process.env };
  const unset = [];
  for (const name of OPENBLAS_VARIABLES) {
    if (name in env) {
      unset.push(`${name}=${env[name]}`);
      delete env[name];
    }
  }
  return { env, unset };
}

/**
 * Runs the peer once (python3, single process) and returns its JSON: episodesPerSecond, seconds
 * (its own timer: the simulation, not Python's start-up), simulated, exact, peer (numpy version).
 */
export function runPeer(script, env, scenario, method, shape) {
  const args = [
    script,
    scenario,
    '--method',
    method,
    '--tasks',
    String(shape.tasks),
    '--replicates',
    String(shape.replicates),
    '--k',
    String(shape.k),
    '--seed',
    String(shape.seed),
  ];
  return new Promise((resolvePromise, reject) => {
    execFile('python3', args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`bench: the peer failed (python3 ${args.join(' ')}): ${stderr.trim() || error.message}`));
        return;
      }
      try {
        resolvePromise(JSON.parse(stdout));
      } catch {
        reject(new Error(`bench: the peer printed no JSON (python3 ${args.join(' ')}): ${stdout.slice(0, 200)}`));
      }
    });
  });
}
