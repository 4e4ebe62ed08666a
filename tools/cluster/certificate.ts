/**
 * The cluster's TLS certificate, made at each start with openssl: a local certificate authority
 * (its key never leaves the run folder) and a leaf for `localhost` and 127.0.0.1 that it signs.
 * A browser or a client trusts the portal by trusting `ca.pem` (README 'Cluster').
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ClusterCertificate {
  /** The local CA's certificate (PEM): what a client trusts. */
  readonly caPath: string;
  readonly caPem: string;
  /** The leaf (localhost) and its key, for nginx. */
  readonly certPath: string;
  readonly keyPath: string;
}

const openssl = (args: readonly string[], cwd: string): void => {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
};

/** Makes a fresh CA and a localhost leaf (valid 7 days) in `dir`. */
export const makeCertificate = (dir: string): ClusterCertificate => {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '7', '-subj', '/CN=Member portal local cluster CA',
      '-addext', 'basicConstraints=critical,CA:TRUE,pathlen:0', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'localhost.key', '-out', 'localhost.csr', '-subj', '/CN=localhost'], dir);
  writeFileSync(
    path.join(dir, 'localhost.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(['x509', '-req', '-in', 'localhost.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'localhost.pem', '-days', '7', '-extfile', 'localhost.ext'], dir);
  const caPath = path.join(dir, 'ca.pem');
  return { caPath, caPem: readFileSync(caPath, 'utf8'), certPath: path.join(dir, 'localhost.pem'), keyPath: path.join(dir, 'localhost.key') };
};
