/**
 * The Kubernetes manifests under deploy/k8s, checked offline (decision 0036):
 *   1. every object the two kustomizations apply validates against its kind's schema — Kubernetes'
 *      OpenAPI schemas as the `kubernetes-models` package ships them, compiled to validators — and
 *      carries no field that schema lacks (the API server's strict field validation; checked with
 *      TypeScript's excess-property check against the package's types, as the schemas allow extras);
 *   2. the project's rules: Secrets only by reference, probes, resources, non-root, images, the
 *      HPA and PDB on the API, probes on the port and paths the API serves.
 * Both checks also run on broken copies and must name each fault.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { IMAGE_KINDS } from '../docker/images.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const k8sDir = path.join(root, 'deploy/k8s');
const NAMESPACE = 'member-portal';

type Manifest = Record<string, any>;
interface Loaded {
  readonly file: string;
  readonly object: Manifest;
}

const readYaml = (file: string): Manifest[] =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${path.relative(root, file)}: ${document.errors[0]?.message}`);
    return document.toJS() as Manifest;
  });

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(path.join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );

const kustomizations = yamlFiles(k8sDir).filter((file) => path.basename(file) === 'kustomization.yaml');
/** What `kubectl apply -k` applies: each kustomization's resources, in order. */
const applied: Loaded[] = kustomizations.flatMap((kustomization) => {
  const spec = readYaml(kustomization)[0] as { resources: string[] };
  return spec.resources.flatMap((resource) => {
    const file = path.join(path.dirname(kustomization), resource);
    return readYaml(file).map((object) => ({ file: path.relative(root, file), object }));
  });
});
const example = readYaml(path.join(k8sDir, 'secrets.example.yaml'));

const label = (loaded: Loaded) => `${loaded.file} ${loaded.object.kind}/${loaded.object.metadata?.name}`;

// ── 1. Kubernetes' schemas ─────────────────────────────────────────────────────────────────────

const modulePath = (object: Manifest) => `kubernetes-models/${object.apiVersion}/${object.kind}`;

/** Schema errors of each object, from the validators kubernetes-models compiles from the OpenAPI schemas. */
const schemaProblems = async (objects: readonly Loaded[]): Promise<string[]> => {
  const problems: string[] = [];
  for (const loaded of objects) {
    const { apiVersion, kind } = loaded.object;
    let Model: new (data: Manifest) => { validate(): void };
    try {
      const module = (await import(modulePath(loaded.object))) as Record<string, new (data: Manifest) => { validate(): void }>;
      Model = module[kind] as typeof Model;
      if (!Model) throw new Error('no model');
    } catch {
      problems.push(`${label(loaded)}: no schema for ${apiVersion} ${kind}`);
      continue;
    }
    try {
      new Model(loaded.object).validate();
    } catch (error) {
      problems.push(`${label(loaded)}: ${(error as Error).message}`);
    }
  }
  return problems;
};

/**
 * Fields the schema does not know (a misspelt `readinesProbe` passes the OpenAPI schemas, which
 * allow extra properties, but `kubectl apply` refuses it): each object is written as a literal of
 * its kind's type from kubernetes-models and type-checked; TypeScript names every excess property.
 */
const unknownFieldProblems = (objects: readonly Loaded[]): string[] => {
  const virtual = path.join(k8sDir, '__manifests__.ts');
  const lines = objects.map((loaded, index) => `import type { I${loaded.object.kind} as T${index} } from '${modulePath(loaded.object)}';`);
  objects.forEach((loaded, index) => lines.push(`export const o${index}: T${index} = ${JSON.stringify(loaded.object, null, 1)};`));
  const text = lines.join('\n');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, shouldCreate) =>
    path.resolve(fileName) === virtual ? ts.createSourceFile(fileName, text, language) : getSourceFile(fileName, language, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === virtual || fileExists(fileName);
  const program = ts.createProgram([virtual], options, host);
  const source = program.getSourceFile(virtual) as ts.SourceFile;
  const objectAt = (position: number): Loaded | undefined => {
    const before = text.slice(0, position);
    const match = [...before.matchAll(/export const o(\d+):/g)].at(-1);
    return match ? objects[Number(match[1])] : undefined;
  };
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
    const loaded = diagnostic.start === undefined ? undefined : objectAt(diagnostic.start);
    return `${loaded ? label(loaded) : 'manifests'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').replace(/\s+/g, ' ')}`;
  });
};

// ── 2. The project's rules ─────────────────────────────────────────────────────────────────────

/** Settings that are secrets: only ever from a Secret (secretKeyRef), never a value in a manifest. */
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'DATABASE_MIGRATION_URL',
  'ATHENA_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SIGNWELL_API_KEY',
  'SIGNWELL_WEBHOOK_ID',
  'TURNSTILE_SECRET_KEY',
  'SMTP_URL',
  'VERIFICATION_TOKEN_SECRET',
  'TOKEN_SIGNING_KEYS',
];
/** What live mode needs set before the API or the worker starts (decision 0014, provider-mode.ts). */
const LIVE_SETTINGS = [
  'ATHENA_BASE_URL',
  'ATHENA_CLIENT_ID',
  'ATHENA_CLIENT_SECRET',
  'ATHENA_PATIENT_CLIENT_ID',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SIGNWELL_API_KEY',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_API_KEY',
  'FIREBASE_APP_ID',
  'TURNSTILE_SITE_KEY',
  'TURNSTILE_SECRET_KEY',
  'SMTP_URL',
  'MAIL_FROM',
];
/** A value that looks like a credential: a URL with a password, a live key, a private key. */
const LOOKS_SECRET = /:\/\/[^/\s:@]+:[^/\s@]+@|\bsk_live_|\bwhsec_|\brk_live_|-----BEGIN/;

const API_PORT_NAME = 'http';
const API_METRICS_PORT = 9464;

/** GET paths the API serves, read from its routers (`new Router({ prefix })` and `router.get(path)`). */
const servedPaths = (): Set<string> => {
  const served = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.router\.ts$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        const prefix = /new Router\(\{\s*prefix:\s*'([^']*)'/.exec(text)?.[1] ?? '';
        for (const match of text.matchAll(/\brouter\.get\(\s*'([^']+)'/g)) served.add(`${prefix}${match[1]}`);
      }
    }
  };
  walk(path.join(root, 'apps/api/src'));
  return served;
};

const podSpec = (object: Manifest): Manifest | undefined => object.spec?.template?.spec;
const podLabels = (object: Manifest): Record<string, string> => object.spec?.template?.metadata?.labels ?? {};
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
const envOf = (container: Manifest): Manifest[] => container.env ?? [];
const envValue = (container: Manifest, name: string): string | undefined => envOf(container).find((entry) => entry.name === name)?.value;
const secretRef = (container: Manifest, name: string): { name: string; key: string } | undefined =>
  envOf(container).find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;

const projectProblems = (objects: readonly Loaded[], secretsExample: readonly Manifest[], served: ReadonlySet<string>): string[] => {
  const problems: string[] = [];
  const problem = (loaded: Loaded, text: string) => problems.push(`${label(loaded)}: ${text}`);
  const workloads = objects.filter((loaded) => loaded.object.kind === 'Deployment' || loaded.object.kind === 'Job');
  const deployments = objects.filter((loaded) => loaded.object.kind === 'Deployment');
  const find = (kind: string, name: string) => objects.find((loaded) => loaded.object.kind === kind && loaded.object.metadata?.name === name);
  const configMaps = objects.filter((loaded) => loaded.object.kind === 'ConfigMap');

  // Namespaces and Secrets.
  for (const loaded of objects) {
    if (loaded.object.kind !== 'Namespace' && loaded.object.metadata?.namespace !== NAMESPACE) problem(loaded, `not in namespace ${NAMESPACE}`);
    if (loaded.object.kind === 'Secret') problem(loaded, 'a Secret is applied from the repository (secrets are made outside it and referenced by name)');
  }
  for (const loaded of configMaps) {
    for (const [key, value] of Object.entries((loaded.object.data ?? {}) as Record<string, string>)) {
      if (SECRET_SETTINGS.includes(key)) problem(loaded, `holds ${key}, a secret`);
      if (LOOKS_SECRET.test(value)) problem(loaded, `${key} looks like a credential`);
    }
  }
  const exampleKeys = new Set(secretsExample.flatMap((secret) => Object.keys({ ...secret.data, ...secret.stringData }).map((key) => `${secret.metadata.name}/${key}`)));
  const referenced = new Set<string>();

  for (const loaded of workloads) {
    const spec = podSpec(loaded.object) ?? {};
    const pod = spec.securityContext ?? {};
    if (pod.runAsNonRoot !== true) problem(loaded, 'pod securityContext.runAsNonRoot is not true');
    if (!(Number.isInteger(pod.runAsUser) && pod.runAsUser > 0)) problem(loaded, 'pod securityContext.runAsUser is not a non-root uid');
    if (pod.seccompProfile?.type !== 'RuntimeDefault') problem(loaded, 'pod seccompProfile is not RuntimeDefault');
    for (const volume of (spec.volumes ?? []) as Manifest[]) {
      if (volume.secret) {
        referenced.add(`${volume.secret.secretName}/*`);
        if (![...exampleKeys].some((key) => key.startsWith(`${volume.secret.secretName}/`))) problem(loaded, `volume ${volume.name}: Secret ${volume.secret.secretName} is not in secrets.example.yaml`);
      }
    }
    for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])] as Manifest[]) {
      const where = `container ${container.name}`;
      const security = container.securityContext ?? {};
      if (security.allowPrivilegeEscalation !== false) problem(loaded, `${where}: allowPrivilegeEscalation is not false`);
      if (security.readOnlyRootFilesystem !== true) problem(loaded, `${where}: readOnlyRootFilesystem is not true`);
      if (!(security.capabilities?.drop ?? []).includes('ALL')) problem(loaded, `${where}: does not drop ALL capabilities`);
      if (security.runAsUser === 0) problem(loaded, `${where}: runs as root`);
      for (const need of ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']) {
        const [group, resource] = need.split('.') as [string, string];
        if (container.resources?.[group]?.[resource] === undefined) problem(loaded, `${where}: no resources.${need}`);
      }
      for (const entry of envOf(container)) {
        if (SECRET_SETTINGS.includes(entry.name) && !entry.valueFrom?.secretKeyRef) problem(loaded, `${where}: ${entry.name} is not from a Secret (secretKeyRef)`);
        if (typeof entry.value === 'string' && LOOKS_SECRET.test(entry.value)) problem(loaded, `${where}: ${entry.name} holds what looks like a credential`);
        const ref = entry.valueFrom?.secretKeyRef;
        if (ref) {
          referenced.add(`${ref.name}/${ref.key}`);
          if (!exampleKeys.has(`${ref.name}/${ref.key}`)) problem(loaded, `${where}: ${entry.name} refers to ${ref.name}/${ref.key}, which secrets.example.yaml does not show`);
        }
      }
      for (const from of (container.envFrom ?? []) as Manifest[]) {
        if (from.secretRef) problem(loaded, `${where}: envFrom a whole Secret (${from.secretRef.name}); name each secret setting with secretKeyRef`);
        if (from.configMapRef && !find('ConfigMap', from.configMapRef.name)) problem(loaded, `${where}: envFrom ConfigMap ${from.configMapRef.name}, which is not applied`);
      }
      if (loaded.object.kind === 'Deployment' && !container.livenessProbe) problem(loaded, `${where}: no livenessProbe`);
      const ports = new Map(((container.ports ?? []) as Manifest[]).map((port) => [port.name, port.containerPort as number]));
      for (const probeName of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
        const probe = container[probeName];
        const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
        if (probe && port !== undefined && !(typeof port === 'number' ? [...ports.values()].includes(port) : ports.has(port))) {
          problem(loaded, `${where}: ${probeName} on port ${port}, which the container does not declare`);
        }
      }
    }
  }
  for (const secret of secretsExample) {
    for (const key of Object.keys({ ...secret.data, ...secret.stringData })) {
      if (!referenced.has(`${secret.metadata.name}/${key}`) && !referenced.has(`${secret.metadata.name}/*`)) {
        problems.push(`secrets.example.yaml ${secret.metadata.name}/${key}: no manifest refers to it`);
      }
    }
  }

  // Services select pods that serve their target ports; whatever a Service routes to has a readinessProbe.
  for (const service of objects.filter((loaded) => loaded.object.kind === 'Service')) {
    const targets = deployments.filter((loaded) => matches(service.object.spec?.selector, podLabels(loaded.object)));
    if (targets.length !== 1) problem(service, `selects ${targets.length} Deployments, not one`);
    for (const target of targets) {
      const containers = (podSpec(target.object)?.containers ?? []) as Manifest[];
      const names = new Set(containers.flatMap((container) => ((container.ports ?? []) as Manifest[]).map((port) => port.name)));
      for (const port of (service.object.spec?.ports ?? []) as Manifest[]) {
        if (typeof port.targetPort === 'string' && !names.has(port.targetPort)) problem(service, `targetPort ${port.targetPort} is no port of ${target.object.metadata.name}`);
      }
      for (const container of containers) if (!container.readinessProbe) problem(target, `container ${container.name}: routed to by Service ${service.object.metadata.name} without a readinessProbe`);
    }
  }

  // Images: one registry and one tag for the portal's images, each workload its own kind's image.
  const portalImage = /^(?<repository>.+)\/(?<kind>[a-z]+):(?<tag>[A-Za-z0-9._-]+)$/;
  const seen = new Set<string>();
  for (const loaded of workloads) {
    const component = podLabels(loaded.object)['app.kubernetes.io/component'];
    for (const container of (podSpec(loaded.object)?.containers ?? []) as Manifest[]) {
      const match = portalImage.exec(container.image ?? '');
      const isPortal = match?.groups?.repository?.endsWith('/member-portal') ?? false;
      if (!isPortal) {
        if (component !== 'pgbouncer') problem(loaded, `container ${container.name}: image ${container.image} is not one of the portal's images`);
        continue;
      }
      const { repository, kind, tag } = match?.groups as { repository: string; kind: string; tag: string };
      seen.add(`${repository} ${tag}`);
      if (!(IMAGE_KINDS as readonly string[]).includes(kind)) problem(loaded, `image ${container.image}: ${kind} is not a target of deploy/docker/Dockerfile`);
      if (kind !== component) problem(loaded, `runs the ${kind} image but is the ${component} component`);
    }
  }
  if (seen.size !== 1) problems.push(`the portal's images use ${seen.size} registries or tags (${[...seen].join(', ')}), not one`);

  // The API: replicas, ports, probes on the paths it serves, secrets by their role.
  const api = find('Deployment', 'portal-api');
  const apiContainer = (api ? podSpec(api.object)?.containers?.[0] : undefined) as Manifest | undefined;
  if (!api || !apiContainer) problems.push('no Deployment portal-api');
  else {
    if (!(api.object.spec.replicas >= 2)) problem(api, 'fewer than 2 replicas');
    const ports = new Map(((apiContainer.ports ?? []) as Manifest[]).map((port) => [port.name, port.containerPort as number]));
    if (String(ports.get(API_PORT_NAME)) !== envValue(apiContainer, 'PORT')) problem(api, `port ${API_PORT_NAME} (${ports.get(API_PORT_NAME)}) is not PORT (${envValue(apiContainer, 'PORT')})`);
    if (envValue(apiContainer, 'HOST') !== '0.0.0.0') problem(api, 'HOST is not 0.0.0.0');
    if (ports.get('metrics') !== API_METRICS_PORT || envValue(apiContainer, 'METRICS_PORT') !== String(API_METRICS_PORT)) problem(api, `metrics port is not ${API_METRICS_PORT} named metrics, with METRICS_PORT`);
    if (envValue(apiContainer, 'METRICS_HOST') !== '0.0.0.0') problem(api, 'METRICS_HOST is not 0.0.0.0 (the scraper could not reach it)');
    const expectations = [
      ['readinessProbe', '/api/ready'],
      ['livenessProbe', '/api/health'],
    ] as const;
    for (const [probeName, probePath] of expectations) {
      const get = apiContainer[probeName]?.httpGet;
      if (get?.path !== probePath || get?.port !== API_PORT_NAME) problem(api, `${probeName} is not GET ${probePath} on port ${API_PORT_NAME}`);
      if (get?.path && !served.has(get.path)) problem(api, `${probeName} asks ${get.path}, which apps/api does not serve`);
    }
    if (secretRef(apiContainer, 'DATABASE_URL')?.key !== 'pooled-url') problem(api, 'DATABASE_URL is not the pooled (PgBouncer) URL');
    if (secretRef(apiContainer, 'DATABASE_DIRECT_URL')?.key !== 'direct-url') problem(api, 'DATABASE_DIRECT_URL (LISTEN) is not the direct URL');
  }
  for (const loaded of workloads) {
    for (const container of (podSpec(loaded.object)?.containers ?? []) as Manifest[]) {
      const component = podLabels(loaded.object)['app.kubernetes.io/component'];
      if (secretRef(container, 'DATABASE_MIGRATION_URL') && component !== 'migrate') problem(loaded, 'holds the schema owner\'s DATABASE_MIGRATION_URL; only the migration Job may');
      if (component === 'api' || component === 'worker') {
        const provided = new Set([...envOf(container).map((entry) => entry.name as string), ...((container.envFrom ?? []) as Manifest[]).flatMap((from) => Object.keys(find('ConfigMap', from.configMapRef?.name)?.object.data ?? {}))]);
        const missing = LIVE_SETTINGS.filter((name) => !provided.has(name));
        if (missing.length > 0) problem(loaded, `lacks what live mode requires: ${missing.join(', ')}`);
      }
    }
  }

  // The worker: PostgreSQL itself (LISTEN), liveness on its metrics.
  const worker = find('Deployment', 'portal-worker');
  const workerContainer = (worker ? podSpec(worker.object)?.containers?.[0] : undefined) as Manifest | undefined;
  if (!worker || !workerContainer) problems.push('no Deployment portal-worker');
  else {
    if (worker.object.spec.replicas !== 2) problem(worker, 'not 2 replicas');
    if (secretRef(workerContainer, 'DATABASE_URL')?.key !== 'direct-url') problem(worker, 'DATABASE_URL is not the direct URL (graphile-worker LISTENs; PgBouncer in transaction mode loses it)');
    const metrics = ((workerContainer.ports ?? []) as Manifest[]).find((port) => port.name === 'metrics');
    if (!metrics || String(metrics.containerPort) !== envValue(workerContainer, 'METRICS_PORT') || envValue(workerContainer, 'METRICS_HOST') !== '0.0.0.0') {
      problem(worker, 'its metrics port is not declared as `metrics` on METRICS_PORT with METRICS_HOST 0.0.0.0');
    }
    if (workerContainer.livenessProbe?.httpGet?.path !== '/metrics' || workerContainer.livenessProbe?.httpGet?.port !== 'metrics') problem(worker, 'livenessProbe is not GET /metrics on port metrics');
  }

  // The migration Job: npm run migrate as the owner.
  const job = objects.find((loaded) => loaded.object.kind === 'Job');
  const jobContainer = job ? (podSpec(job.object)?.containers?.[0] as Manifest | undefined) : undefined;
  if (!job || !jobContainer) problems.push('no migration Job');
  else {
    if (JSON.stringify(jobContainer.command ?? []) !== JSON.stringify(['npm', 'run', 'migrate'])) problem(job, 'does not run npm run migrate');
    if (!secretRef(jobContainer, 'DATABASE_MIGRATION_URL')) problem(job, 'DATABASE_MIGRATION_URL is not from a Secret');
    if (podSpec(job.object)?.restartPolicy !== 'Never') problem(job, 'restartPolicy is not Never');
  }

  // HPA and PDB on the API.
  const hpa = objects.find((loaded) => loaded.object.kind === 'HorizontalPodAutoscaler');
  if (!hpa) problems.push('no HorizontalPodAutoscaler');
  else {
    const target = hpa.object.spec?.scaleTargetRef ?? {};
    if (target.apiVersion !== 'apps/v1' || target.kind !== 'Deployment' || target.name !== 'portal-api') problem(hpa, `targets ${target.kind}/${target.name}, not Deployment/portal-api`);
    if (!(hpa.object.spec?.minReplicas >= 2)) problem(hpa, 'minReplicas below 2');
    if (api && !(api.object.spec.replicas >= hpa.object.spec?.minReplicas)) problem(hpa, 'minReplicas above the Deployment\'s replicas');
    const apiCpu = apiContainer?.resources?.requests?.cpu;
    if (!apiCpu) problem(hpa, 'scales on CPU, but the API requests none');
  }
  const pdb = objects.find((loaded) => loaded.object.kind === 'PodDisruptionBudget');
  if (!pdb) problems.push('no PodDisruptionBudget');
  else {
    const selector = pdb.object.spec?.selector?.matchLabels;
    if (!api || !matches(selector, podLabels(api.object))) problem(pdb, 'does not select the API\'s pods');
    for (const other of workloads.filter((loaded) => loaded !== api)) if (matches(selector, podLabels(other.object))) problem(pdb, `also selects ${other.object.metadata.name}'s pods`);
    if (api && !(pdb.object.spec?.minAvailable < api.object.spec.replicas)) problem(pdb, 'minAvailable leaves no pod to evict (drains would block)');
  }

  // PgBouncer in transaction mode, in front of the API only.
  const pgbouncer = find('ConfigMap', 'portal-pgbouncer');
  const ini = String(pgbouncer?.object.data?.['pgbouncer.ini'] ?? '');
  if (!/^\s*pool_mode\s*=\s*transaction\s*$/m.test(ini)) problems.push('PgBouncer: pool_mode is not transaction');
  if (!find('Deployment', 'portal-pgbouncer') || !find('Service', 'portal-pgbouncer')) problems.push('PgBouncer: no Deployment and Service portal-pgbouncer');
  return problems;
};

const clone = <T>(value: T): T => structuredClone(value);

describe('deploy/k8s', () => {
  it('applies every manifest file through a kustomization, and the Secret template through none', () => {
    const listed = new Set(applied.map((loaded) => loaded.file));
    const files = yamlFiles(k8sDir)
      .map((file) => path.relative(root, file))
      .filter((file) => !file.endsWith('kustomization.yaml'));
    expect(files.filter((file) => !listed.has(file))).toEqual(['deploy/k8s/secrets.example.yaml']);
    for (const kustomization of kustomizations) expect((readYaml(kustomization)[0] as { namespace: string }).namespace).toBe(NAMESPACE);
    expect(applied.map((loaded) => loaded.object.kind)).toEqual(
      expect.arrayContaining(['Namespace', 'ConfigMap', 'Deployment', 'Service', 'Job', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']),
    );
  });

  it('every object validates against its kind\'s Kubernetes schema', async () => {
    expect(await schemaProblems(applied)).toEqual([]);
    // The template too (it is what operators copy).
    expect(await schemaProblems(example.map((object) => ({ file: 'deploy/k8s/secrets.example.yaml', object })))).toEqual([]);
  });

  it('no object carries a field its schema lacks', () => {
    expect(unknownFieldProblems(applied)).toEqual([]);
  });

  it('keeps the project\'s rules: secrets by reference, probes, resources, non-root, images, HPA and PDB on the API', () => {
    expect(projectProblems(applied, example, servedPaths())).toEqual([]);
  });

  it('every kustomization image override names an image its manifests use, at the manifests\' tag', () => {
    for (const kustomization of kustomizations) {
      const spec = readYaml(kustomization)[0] as { resources: string[]; images?: Array<{ name: string; newTag?: string }> };
      const used = spec.resources.flatMap((resource) =>
        readYaml(path.join(path.dirname(kustomization), resource)).flatMap((object) => ((podSpec(object)?.containers ?? []) as Manifest[]).map((container) => container.image as string)),
      );
      for (const image of spec.images ?? []) {
        expect(used).toContain(`${image.name}:${image.newTag}`);
      }
    }
  });
});

describe('the checks fail on broken manifests', () => {
  const edit = (mutate: (objects: Loaded[]) => void): Loaded[] => {
    const objects = clone(applied);
    mutate(objects);
    return objects;
  };
  const get = (objects: Loaded[], kind: string, name: string) => objects.find((loaded) => loaded.object.kind === kind && loaded.object.metadata.name === name)?.object as Manifest;

  it('the schemas refuse wrong types and missing fields, and unknown fields are named', async () => {
    const broken = edit((objects) => {
      get(objects, 'Deployment', 'portal-api').spec.replicas = 'two';
      delete get(objects, 'Service', 'portal-api').spec.ports[0].port;
      const worker = get(objects, 'Deployment', 'portal-worker').spec.template.spec.containers[0];
      worker.readinesProbe = worker.livenessProbe;
    });
    const schema = await schemaProblems(broken);
    expect(schema).toEqual([
      'deploy/k8s/api.yaml Deployment/portal-api: data/spec/replicas must be integer',
      "deploy/k8s/api.yaml Service/portal-api: data/spec/ports/0 must have required property port",
    ]);
    const unknown = unknownFieldProblems(broken);
    expect(unknown).toHaveLength(3);
    expect(unknown.some((text) => text.startsWith('deploy/k8s/worker.yaml Deployment/portal-worker:') && text.includes('"readinesProbe"') && text.includes('does not exist in type'))).toBe(true);
  });

  it('the project\'s rules name each fault', () => {
    const broken = edit((objects) => {
      const api = get(objects, 'Deployment', 'portal-api');
      const container = api.spec.template.spec.containers[0];
      container.env.find((entry: Manifest) => entry.name === 'DATABASE_URL').valueFrom = undefined;
      container.env.find((entry: Manifest) => entry.name === 'DATABASE_URL').value = 'postgres://portal_web:hunter2@db:5432/portal';
      container.readinessProbe.httpGet.path = '/api/readyz';
      delete container.resources.limits;
      container.securityContext.readOnlyRootFilesystem = false;
      api.spec.template.spec.securityContext.runAsNonRoot = false;
      get(objects, 'Deployment', 'portal-worker').spec.template.spec.containers[0].image = 'registry.example.com/member-portal/worker:0.2.0';
      delete get(objects, 'Deployment', 'portal-worker').spec.template.spec.containers[0].livenessProbe;
      get(objects, 'HorizontalPodAutoscaler', 'portal-api').spec.scaleTargetRef.name = 'portal-worker';
      get(objects, 'PodDisruptionBudget', 'portal-api').spec.selector.matchLabels['app.kubernetes.io/component'] = 'web';
      get(objects, 'ConfigMap', 'portal-config').data.STRIPE_SECRET_KEY = 'sk_live_123';
      objects.push({ file: 'deploy/k8s/secret.yaml', object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'leak', namespace: NAMESPACE }, stringData: { a: 'b' } } });
    });
    const problems = projectProblems(broken, example, servedPaths());
    for (const expected of [
      'deploy/k8s/secret.yaml Secret/leak: a Secret is applied from the repository (secrets are made outside it and referenced by name)',
      'deploy/k8s/config.yaml ConfigMap/portal-config: holds STRIPE_SECRET_KEY, a secret',
      'deploy/k8s/config.yaml ConfigMap/portal-config: STRIPE_SECRET_KEY looks like a credential',
      'deploy/k8s/api.yaml Deployment/portal-api: pod securityContext.runAsNonRoot is not true',
      'deploy/k8s/api.yaml Deployment/portal-api: container api: readOnlyRootFilesystem is not true',
      'deploy/k8s/api.yaml Deployment/portal-api: container api: no resources.limits.memory',
      'deploy/k8s/api.yaml Deployment/portal-api: container api: DATABASE_URL is not from a Secret (secretKeyRef)',
      'deploy/k8s/api.yaml Deployment/portal-api: container api: DATABASE_URL holds what looks like a credential',
      'deploy/k8s/api.yaml Deployment/portal-api: readinessProbe is not GET /api/ready on port http',
      'deploy/k8s/api.yaml Deployment/portal-api: readinessProbe asks /api/readyz, which apps/api does not serve',
      'deploy/k8s/api.yaml Deployment/portal-api: DATABASE_URL is not the pooled (PgBouncer) URL',
      'deploy/k8s/worker.yaml Deployment/portal-worker: container worker: no livenessProbe',
      'deploy/k8s/api-scaling.yaml HorizontalPodAutoscaler/portal-api: targets Deployment/portal-worker, not Deployment/portal-api',
      "deploy/k8s/api-scaling.yaml PodDisruptionBudget/portal-api: does not select the API's pods",
    ]) {
      expect(problems).toContain(expected);
    }
    expect(problems.some((text) => text.startsWith("the portal's images use 2 registries or tags"))).toBe(true);
  });
});
