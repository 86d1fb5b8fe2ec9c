{{/*
Named templates of the gitlab-suite chart. A service file (gateway.yaml, identity.yaml, ...) only
declares its roles; everything a role renders comes from here.

Most templates take a role context, a dict:
  root        the chart's top context ($)
  service     the service name as in packages/runtime/src/services.ts ("merge-requests")
  role        server | worker | repository (the gateway's one role is server); migrate for the Job
  values      the role's values block (replicas, resources, autoscaling, persistence)
  secrets     optional: settings besides database and redis the role reads from Secrets
              ("encryptionKey", "initialRootToken")
  expose      optional: the gateway's Service settings (type, port, annotations)
  secretName  optional: the Secret inline settings come from (default: the release's Secret)

What a role runs as follows from service and role ("kind"):
  http    the gateway: HTTP on port 8080 (`http`), /metrics there too, HTTP probes
  grpc    server and repository roles: gRPC on 50051 (`grpc`), metrics port, native gRPC probes
  worker  BullMQ workers: metrics port only, probed on /metrics
  job     the migrations Job: no ports, no probes
*/}}

{{- define "gitlab-suite.grpcPort" -}}50051{{- end }}
{{- define "gitlab-suite.httpPort" -}}8080{{- end }}
{{- define "gitlab-suite.repositoryRoot" -}}/var/lib/gitlab-suite/repositories{{- end }}

{{- define "gitlab-suite.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "gitlab-suite.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "gitlab-suite.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* A role's workload and Service name: <fullname>-<service>, plus -<role> unless it is the server. */}}
{{- define "gitlab-suite.roleName" -}}
{{- $base := printf "%s-%s" (include "gitlab-suite.fullname" .root) .service }}
{{- if eq .role "server" }}
{{- $base | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" $base .role | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{/* host:port of a gRPC role, by its Service name. */}}
{{- define "gitlab-suite.address" -}}
{{ include "gitlab-suite.roleName" . }}:{{ include "gitlab-suite.grpcPort" . }}
{{- end }}

{{- define "gitlab-suite.kind" -}}
{{- if eq .service "gateway" }}http
{{- else if eq .role "worker" }}worker
{{- else if eq .role "migrate" }}job
{{- else }}grpc
{{- end }}
{{- end }}

{{/* Selector labels: stable across upgrades (Deployment selectors and claim templates are immutable). */}}
{{- define "gitlab-suite.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gitlab-suite.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- with .service }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- with .role }}
gitlab-suite/role: {{ . }}
{{- end }}
{{- end }}

{{- define "gitlab-suite.labels" -}}
helm.sh/chart: {{ include "gitlab-suite.chart" .root }}
{{ include "gitlab-suite.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: gitlab-suite
{{- end }}

{{- define "gitlab-suite.metadata" -}}
name: {{ include "gitlab-suite.roleName" . }}
namespace: {{ .root.Release.Namespace }}
labels:
  {{- include "gitlab-suite.labels" . | nindent 2 }}
{{- end }}

{{- define "gitlab-suite.serviceAccountName" -}}
{{- if eq .role "migrate" }}
{{- default "default" .root.Values.migrations.serviceAccountName }}
{{- else if .root.Values.serviceAccounts.create }}
{{- printf "%s-%s" (include "gitlab-suite.fullname" .root) .service | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- "default" }}
{{- end }}
{{- end }}

{{- define "gitlab-suite.migrationsSecretName" -}}
{{- printf "%s-migrations" (include "gitlab-suite.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Inline settings for a Secret, as `KEY: "value"` lines; a setting that names an existingSecret is
left out. Takes root and for: "workloads" (the release's Secret) or "migrations" (the hook's).
*/}}
{{- define "gitlab-suite.secretData" -}}
{{- $v := .root.Values }}
{{- $settings := list (list "database" "url" "DATABASE_URL") (list "redis" "url" "REDIS_URL") (list "encryptionKey" "value" "ENCRYPTION_KEY") }}
{{- if eq .for "migrations" }}
{{- $settings = append $settings (list "initialRootToken" "value" "INITIAL_ROOT_TOKEN") }}
{{- end }}
{{- range $settings }}
{{- $setting := index $v (index . 0) }}
{{- $value := index $setting (index . 1) }}
{{- if and $value (not $setting.existingSecret.name) }}
{{ index . 2 }}: {{ $value | quote }}
{{- end }}
{{- end }}
{{- range $service, $own := $v.database.services }}
{{- if and $own.url (not $own.existingSecret.name) }}
{{ include "gitlab-suite.ownDatabaseVariable" $service }}: {{ $own.url | quote }}
{{- end }}
{{- end }}
{{- if not $v.internalApiSecret.existingSecret.name }}
INTERNAL_API_SECRET: {{ include "gitlab-suite.internalApiSecret" .root | quote }}
{{- end }}
{{- if and $v.pgbouncer.enabled (eq .for "workloads") }}
{{- range include "gitlab-suite.pooledRoles" .root | fromJsonArray }}
{{- $role := dict "root" $.root "service" (index (splitList "/" .) 0) "role" (index (splitList "/" .) 1) }}
{{- $upstream := include "gitlab-suite.upstreamDatabase" $role | fromJson }}
{{ include "gitlab-suite.pooledVariable" $role }}: {{ printf "postgres://%s@%s:%d/%s" $upstream.userinfo (include "gitlab-suite.pgbouncerName" $.root) (int $v.pgbouncer.port) (include "gitlab-suite.pgbouncerAlias" $role) | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/*
PgBouncer (pgbouncer.enabled). Each service role that holds a database pool (the gRPC roles and
workers; not the gateway, which only pings, nor the migrations Job, whose migrator takes session
advisory locks) connects through its own PgBouncer database alias, <service>_<role>, in
transaction pooling. Its connect_query sets the schema and statement timeout that the role's own
SET on each connection sets (packages/runtime db.ts, statementTimeoutFor): in transaction pooling
that SET lands on whichever server connection is free, so every server connection of the alias
must already have it. LISTEN needs a session: DATABASE_DIRECT_URL is the database itself.
*/}}
{{- define "gitlab-suite.pooledRoles" -}}
{{- list "identity/server" "projects/server" "projects/worker" "projects/repository" "merge-requests/server" "merge-requests/worker" "ci-triggers/server" "ci-triggers/worker" "alerting/server" "alerting/worker" | toJson }}
{{- end }}

{{- define "gitlab-suite.pgbouncerName" -}}
{{- printf "%s-pgbouncer" (include "gitlab-suite.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "gitlab-suite.pgbouncerAlias" -}}
{{- printf "%s_%s" (.service | replace "-" "_") .role }}
{{- end }}

{{/* The release Secret's key of a role's pooled URL: PGBOUNCER_MERGE_REQUESTS_WORKER_URL. */}}
{{- define "gitlab-suite.pooledVariable" -}}
{{- printf "PGBOUNCER_%s_URL" (include "gitlab-suite.pgbouncerAlias" . | upper) }}
{{- end }}

{{/* statement_timeout (ms) of a role's connections: packages/runtime's statementTimeoutFor. */}}
{{- define "gitlab-suite.statementTimeoutMs" -}}
{{- if eq .role "worker" }}300000{{ else }}15000{{ end }}
{{- end }}

{{/*
A role's upstream database, parsed from its inline URL (its service's own, else the shared one), as
JSON: host, port, dbname, user, password, userinfo. PgBouncer needs the password in its auth_file,
so it works from inline URLs only; a database given by existingSecret or a TLS CA fails the render.
*/}}
{{- define "gitlab-suite.upstreamDatabase" -}}
{{- $v := .root.Values }}
{{- $block := .service | replace "-" "_" | camelcase | untitle }}
{{- $own := dig $block (dict) $v.database.services }}
{{- if or $v.database.existingSecret.name (dig "existingSecret" "name" "" $own) $v.database.tls.caSecret.name }}
{{- fail "pgbouncer.enabled needs every database as an inline url (not existingSecret) and no database.tls.caSecret" }}
{{- end }}
{{- $url := urlParse (default $v.database.url $own.url) }}
{{- $hostPort := splitList ":" $url.host }}
{{- $credentials := splitList ":" $url.userinfo }}
{{- if or (ne (len $credentials) 2) (contains "%" $url.userinfo) (contains "\"" $url.userinfo) }}
{{- fail "pgbouncer.enabled needs user:password in each database url, without percent-encoding or quotes" }}
{{- end }}
{{- dict "host" (index $hostPort 0) "port" (ternary (last $hostPort) "5432" (eq (len $hostPort) 2)) "dbname" (trimPrefix "/" $url.path) "user" (index $credentials 0) "password" (index $credentials 1) "userinfo" $url.userinfo | toJson }}
{{- end }}

{{/* A service's own database variable from its block name: mergeRequests → MERGE_REQUESTS_DATABASE_URL. */}}
{{- define "gitlab-suite.ownDatabaseVariable" -}}
{{- printf "%s_DATABASE_URL" (. | snakecase | upper) }}
{{- end }}

{{/* One env entry from a service's own database (setting: database.services.<block>), named name. */}}
{{- define "gitlab-suite.ownDatabaseEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      {{- if .setting.existingSecret.name }}
      name: {{ .setting.existingSecret.name }}
      key: {{ .setting.existingSecret.key }}
      {{- else }}
      name: {{ .secretName }}
      key: {{ include "gitlab-suite.ownDatabaseVariable" .block }}
      {{- end }}
{{- end }}

{{/*
A role's database. A service with a database of its own (database.services.<block>, url or
existingSecret) gets it as DATABASE_URL, the others the shared one. The migrations Job runs every
service's migrations: it gets the shared DATABASE_URL and each own database as
<SERVICE>_DATABASE_URL, which a service reads before DATABASE_URL (packages/runtime's
service-config.ts). Takes root, service, role, secretName.
*/}}
{{- define "gitlab-suite.databaseEnv" -}}
{{- $root := .root }}
{{- $secretName := .secretName }}
{{- $block := .service | replace "-" "_" | camelcase | untitle }}
{{- $own := dig $block (dict) $root.Values.database.services }}
{{- $pooled := and $root.Values.pgbouncer.enabled (has (include "gitlab-suite.kind" .) (list "grpc" "worker")) }}
{{- $direct := ternary "DATABASE_DIRECT_URL" "DATABASE_URL" $pooled }}
{{- if and (ne .role "migrate") (or $own.url (dig "existingSecret" "name" "" $own)) }}
{{- include "gitlab-suite.ownDatabaseEnv" (dict "setting" $own "block" $block "name" $direct "secretName" $secretName) }}
{{- else }}
{{- include "gitlab-suite.secretEnv" (dict "root" $root "setting" "database" "name" $direct "secretName" $secretName) }}
{{- end }}
{{- if $pooled }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "gitlab-suite.pooledVariable" . }}
- name: DATABASE_POOLER
  value: transaction
{{- end }}
{{- if eq .role "migrate" }}
{{- range $service, $setting := $root.Values.database.services }}
{{- if or $setting.url $setting.existingSecret.name }}
{{ include "gitlab-suite.ownDatabaseEnv" (dict "setting" $setting "block" $service "name" (include "gitlab-suite.ownDatabaseVariable" $service) "secretName" $secretName) }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}

{{/*
INTERNAL_API_SECRET when the release's Secret holds it: the value given, else the one the release's
Secret already holds (so upgrades keep it), else a new one. `helm template` cannot look up, so a
GitOps tool that renders with it should give a value or an existingSecret. On a first install the
migrations hook runs before the release's Secret exists and gets a secret of its own; that is
harmless, as migrations neither serve nor make gRPC calls. Takes the chart's top context.
*/}}
{{- define "gitlab-suite.internalApiSecret" -}}
{{- if .Values.internalApiSecret.value }}
{{- .Values.internalApiSecret.value }}
{{- else }}
{{- $kept := lookup "v1" "Secret" .Release.Namespace (include "gitlab-suite.fullname" .) }}
{{- $data := dig "data" (dict) $kept }}
{{- if hasKey $data "INTERNAL_API_SECRET" }}
{{- index $data "INTERNAL_API_SECRET" | b64dec }}
{{- else }}
{{- randAlphaNum 64 }}
{{- end }}
{{- end }}
{{- end }}

{{/* One env entry read from a Secret. Takes root, setting (a values key), name (the variable), secretName. */}}
{{- define "gitlab-suite.secretEnv" -}}
{{- $setting := index .root.Values .setting -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      {{- if $setting.existingSecret.name }}
      name: {{ $setting.existingSecret.name }}
      key: {{ $setting.existingSecret.key }}
      {{- else }}
      name: {{ .secretName }}
      key: {{ .name }}
      {{- end }}
{{- end }}

{{/*
The environment of a role: what packages/runtime/src/service-config.ts and the gateway's config
read. Every long-running role gets every service's address; unused ones cost nothing. A service's
template may add its own settings as .env (a list of name/value entries).
*/}}
{{- define "gitlab-suite.env" -}}
{{- $root := .root }}
{{- $kind := include "gitlab-suite.kind" . }}
{{- $secretName := default (include "gitlab-suite.fullname" $root) .secretName }}
{{- $variables := dict "encryptionKey" "ENCRYPTION_KEY" "initialRootToken" "INITIAL_ROOT_TOKEN" }}
{{- include "gitlab-suite.databaseEnv" (dict "root" $root "service" .service "role" .role "secretName" $secretName) }}
{{ include "gitlab-suite.secretEnv" (dict "root" $root "setting" "redis" "name" "REDIS_URL" "secretName" $secretName) }}
{{ include "gitlab-suite.secretEnv" (dict "root" $root "setting" "internalApiSecret" "name" "INTERNAL_API_SECRET" "secretName" $secretName) }}
{{- range .secrets }}
{{- $setting := index $root.Values . }}
{{- if or $setting.value $setting.existingSecret.name }}
{{ include "gitlab-suite.secretEnv" (dict "root" $root "setting" . "name" (get $variables .) "secretName" $secretName) }}
{{- end }}
{{- end }}
- name: LOG_LEVEL
  value: {{ $root.Values.logLevel | quote }}
- name: EXTERNAL_URL
  value: {{ $root.Values.externalUrl | quote }}
{{- with $root.Values.installationId }}
- name: INSTALLATION_ID
  value: {{ . | quote }}
{{- end }}
{{- with $root.Values.queuePrefix }}
- name: QUEUE_PREFIX
  value: {{ . | quote }}
{{- end }}
{{- if eq $kind "http" }}
- name: HOST
  value: "0.0.0.0"
- name: PORT
  value: {{ include "gitlab-suite.httpPort" . | quote }}
{{- end }}
{{- if ne $kind "job" }}
{{- if ne $kind "http" }}
{{- /* Domain services default to loopback (right for `npm start`); in a pod the Service must reach them. */}}
- name: METRICS_HOST
  value: "0.0.0.0"
{{- end }}
- name: METRICS_PORT
  value: {{ $root.Values.metrics.port | quote }}
{{- end }}
- name: DATABASE_POOL_SIZE
  value: {{ $root.Values.database.poolSize | quote }}
{{- if $root.Values.database.tls.caSecret.name }}
- name: DATABASE_SSL_CA_FILE
  value: "/etc/gitlab-suite/database-ca/{{ $root.Values.database.tls.caSecret.key }}"
{{- end }}
{{- if eq $kind "grpc" }}
- name: GRPC_HOST
  value: "0.0.0.0"
- name: GRPC_PORT
  value: {{ include "gitlab-suite.grpcPort" . | quote }}
{{- end }}
{{- if ne $kind "job" }}
{{- range $service := list "identity" "projects" "merge-requests" "ci-triggers" "alerting" }}
- name: {{ $service | upper | replace "-" "_" }}_ADDR
  value: {{ include "gitlab-suite.address" (dict "root" $root "service" $service "role" "server") | quote }}
{{- end }}
- name: REPOSITORY_ADDR
  value: {{ include "gitlab-suite.address" (dict "root" $root "service" "projects" "role" "repository") | quote }}
{{- end }}
{{- if eq .role "repository" }}
- name: REPOSITORY_ROOT
  value: {{ include "gitlab-suite.repositoryRoot" . | quote }}
{{- end }}
{{- with .env }}
{{ toYaml . }}
{{- end }}
{{- with $root.Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* A role's setting, else the chart-wide one: .values.<key> wins over .Values.<key>. */}}
{{- define "gitlab-suite.roleSetting" -}}
{{- $own := dig .key nil (default (dict) .ctx.values) -}}
{{- if $own }}{{ toYaml $own }}{{ else }}{{ with index .ctx.root.Values .key }}{{ toYaml . }}{{ end }}{{ end -}}
{{- end }}

{{- define "gitlab-suite.args" -}}
{{- $kind := include "gitlab-suite.kind" . -}}
{{- if eq $kind "http" -}}
- {{ .service }}
{{- else if eq $kind "job" -}}
- migrate
{{- else -}}
- {{ .service }}
- {{ .role }}
{{- end }}
{{- end }}

{{- define "gitlab-suite.ports" -}}
{{- $kind := include "gitlab-suite.kind" . -}}
{{- if eq $kind "http" -}}
- name: http
  containerPort: {{ include "gitlab-suite.httpPort" . }}
  protocol: TCP
{{ end -}}
{{- if eq $kind "grpc" -}}
- name: grpc
  containerPort: {{ include "gitlab-suite.grpcPort" . }}
  protocol: TCP
{{ end -}}
- name: metrics
  containerPort: {{ .root.Values.metrics.port }}
  protocol: TCP
{{- end }}

{{/*
Probes. The gateway's three probes ask its metrics port, which the Ingress does not reach:
/-/liveness, and /-/readiness, which fails only on the gateway's own state (it is draining), not
when one domain service, PostgreSQL or Redis is down: taking every gateway out of the Service
for that would turn one domain's outage into the whole API's, where the gateway answers that
domain's routes with a fast 503 and the rest as usual (/-/readiness?all=1 reports everything,
for operators and monitoring). gRPC roles answer the gRPC health service (native kubelet probe,
so the port is a number); workers answer /-/liveness on their metrics port, which asks neither
Redis nor PostgreSQL, so an outage of either does not restart healthy workers.
*/}}
{{- define "gitlab-suite.probes" -}}
{{- $kind := include "gitlab-suite.kind" . }}
{{- $live := dict "httpGet" (dict "path" "/-/liveness" "port" "metrics") }}
{{- $ready := dict "httpGet" (dict "path" "/-/readiness" "port" "metrics") }}
{{- if eq $kind "grpc" }}
{{- $live = dict "grpc" (dict "port" (include "gitlab-suite.grpcPort" . | int)) }}
{{- $ready = $live }}
{{- else if eq $kind "worker" }}
{{- $ready = $live }}
{{- end -}}
startupProbe:
  {{- toYaml $live | nindent 2 }}
  periodSeconds: 2
  failureThreshold: 30
livenessProbe:
  {{- toYaml $live | nindent 2 }}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
readinessProbe:
  {{- toYaml $ready | nindent 2 }}
  periodSeconds: 5
  timeoutSeconds: 3
  failureThreshold: 2
{{- end }}

{{/* The pod template of every workload, the migrations Job included. */}}
{{- define "gitlab-suite.podTemplate" -}}
{{- $root := .root }}
{{- $kind := include "gitlab-suite.kind" . -}}
metadata:
  labels:
    {{- include "gitlab-suite.labels" . | nindent 4 }}
  annotations:
    checksum/secret: {{ include "gitlab-suite.secretData" (dict "root" $root "for" "workloads") | sha256sum }}
    {{- with include "gitlab-suite.roleSetting" (dict "ctx" . "key" "podAnnotations") }}
    {{- . | nindent 4 }}
    {{- end }}
spec:
  serviceAccountName: {{ include "gitlab-suite.serviceAccountName" . }}
  automountServiceAccountToken: false
  {{- with $root.Values.image.pullSecrets }}
  imagePullSecrets:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  securityContext:
    {{- toYaml $root.Values.podSecurityContext | nindent 4 }}
  {{- with include "gitlab-suite.roleSetting" (dict "ctx" . "key" "priorityClassName") }}
  priorityClassName: {{ . }}
  {{- end }}
  {{- if and (ne $kind "job") $root.Values.topologySpread.enabled }}
  topologySpreadConstraints:
    {{- range $root.Values.topologySpread.topologyKeys }}
    - maxSkew: {{ $root.Values.topologySpread.maxSkew }}
      topologyKey: {{ . }}
      whenUnsatisfiable: {{ $root.Values.topologySpread.whenUnsatisfiable }}
      labelSelector:
        matchLabels:
          {{- include "gitlab-suite.selectorLabels" $ | nindent 10 }}
    {{- end }}
  {{- end }}
  {{- if eq $kind "job" }}
  restartPolicy: Never
  {{- else }}
  terminationGracePeriodSeconds: 30
  {{- end }}
  containers:
    - name: {{ ternary .service .role (eq $kind "http") }}
      {{- if $root.Values.image.digest }}
      image: {{ printf "%s@%s" $root.Values.image.repository $root.Values.image.digest | quote }}
      {{- else }}
      image: {{ printf "%s:%s" $root.Values.image.repository (default $root.Chart.AppVersion $root.Values.image.tag) | quote }}
      {{- end }}
      imagePullPolicy: {{ $root.Values.image.pullPolicy }}
      args:
        {{- include "gitlab-suite.args" . | nindent 8 }}
      {{- if ne $kind "job" }}
      ports:
        {{- include "gitlab-suite.ports" . | nindent 8 }}
      {{- include "gitlab-suite.probes" . | nindent 6 }}
      {{- end }}
      {{- if or (eq $kind "http") (eq $kind "grpc") }}
      lifecycle:
        # Endpoints and ingresses stop routing here a moment after deletion starts; serve until then.
        preStop:
          exec:
            command: ["sleep", "5"]
      {{- end }}
      env:
        {{- include "gitlab-suite.env" . | nindent 8 }}
      {{- with $root.Values.extraEnvFrom }}
      envFrom:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      resources:
        {{- toYaml .values.resources | nindent 8 }}
      securityContext:
        {{- toYaml $root.Values.securityContext | nindent 8 }}
      volumeMounts:
        # The root filesystem is read-only; git and Node may still want a scratch directory.
        - name: tmp
          mountPath: /tmp
        {{- if eq .role "repository" }}
        - name: repositories
          mountPath: {{ include "gitlab-suite.repositoryRoot" . }}
        {{- end }}
        {{- if $root.Values.database.tls.caSecret.name }}
        - name: database-ca
          mountPath: /etc/gitlab-suite/database-ca
          readOnly: true
        {{- end }}
        {{- with $root.Values.extraVolumeMounts }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
  volumes:
    - name: tmp
      emptyDir: {}
    {{- with $root.Values.database.tls.caSecret.name }}
    - name: database-ca
      secret:
        secretName: {{ . }}
    {{- end }}
    {{- with $root.Values.extraVolumes }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- range $key := list "nodeSelector" "tolerations" "affinity" }}
  {{- with include "gitlab-suite.roleSetting" (dict "ctx" $ "key" $key) }}
  {{ $key }}:
    {{- . | nindent 4 }}
  {{- end }}
  {{- end }}
{{- end }}

{{- define "gitlab-suite.deployment" }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
spec:
  {{- if not (dig "autoscaling" "enabled" false .values) }}
  replicas: {{ .values.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "gitlab-suite.selectorLabels" . | nindent 6 }}
  template:
    {{- include "gitlab-suite.podTemplate" . | nindent 4 }}
{{- end }}

{{/* The repository role: one pod owning the bare repositories on its claim, behind a headless Service. */}}
{{- define "gitlab-suite.statefulSet" }}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
spec:
  serviceName: {{ include "gitlab-suite.roleName" . }}
  replicas: {{ .values.replicas }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "gitlab-suite.selectorLabels" . | nindent 6 }}
  template:
    {{- include "gitlab-suite.podTemplate" . | nindent 4 }}
  volumeClaimTemplates:
    - metadata:
        name: repositories
        labels:
          {{- include "gitlab-suite.selectorLabels" . | nindent 10 }}
      spec:
        accessModes:
          {{- toYaml .values.persistence.accessModes | nindent 10 }}
        {{- with .values.persistence.storageClass }}
        storageClassName: {{ . | quote }}
        {{- end }}
        resources:
          requests:
            storage: {{ .values.persistence.size | quote }}
{{- end }}

{{- define "gitlab-suite.service" }}
{{- $kind := include "gitlab-suite.kind" . }}
---
apiVersion: v1
kind: Service
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
  {{- with .expose }}
  {{- with .annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- end }}
spec:
  {{- /* Headless for gRPC: DNS answers every pod and clients balance round-robin over them. */}}
  {{- if eq $kind "grpc" }}
  clusterIP: None
  {{- else }}
  type: {{ dig "type" "ClusterIP" (default (dict) .expose) }}
  {{- end }}
  selector:
    {{- include "gitlab-suite.selectorLabels" . | nindent 4 }}
  ports:
    {{- if eq $kind "http" }}
    - name: http
      port: {{ .expose.port }}
      targetPort: http
      protocol: TCP
    {{- end }}
    {{- if eq $kind "grpc" }}
    - name: grpc
      port: {{ include "gitlab-suite.grpcPort" . }}
      targetPort: grpc
      protocol: TCP
    {{- end }}
    - name: metrics
      port: {{ .root.Values.metrics.port }}
      targetPort: metrics
      protocol: TCP
{{- end }}

{{- define "gitlab-suite.hpa" }}
{{- $autoscaling := dig "autoscaling" (dict) .values }}
{{- if $autoscaling.enabled }}
{{- if gt (int $autoscaling.minReplicas) (int $autoscaling.maxReplicas) }}
{{- fail (printf "%s: autoscaling.minReplicas is above maxReplicas" (include "gitlab-suite.roleName" .)) }}
{{- end }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "gitlab-suite.roleName" . }}
  minReplicas: {{ $autoscaling.minReplicas }}
  maxReplicas: {{ $autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $autoscaling.targetCPUUtilizationPercentage }}
    {{- with $autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end }}
{{- end }}

{{/*
A PodDisruptionBudget keeping minAvailable pods of a role that runs two or more (its replicas, or
its autoscaling minReplicas): with one pod, minAvailable 1 would only block node drains.
*/}}
{{- define "gitlab-suite.pdb" }}
{{- $budget := .root.Values.podDisruptionBudgets }}
{{- $autoscaling := dig "autoscaling" (dict) .values }}
{{- $pods := ternary $autoscaling.minReplicas .values.replicas (dig "enabled" false $autoscaling) }}
{{- if and $budget.enabled (ge (int $pods) 2) }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
spec:
  minAvailable: {{ $budget.minAvailable }}
  selector:
    matchLabels:
      {{- include "gitlab-suite.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end }}

{{/*
Who calls a gRPC role: the services whose code holds a client of it (services/*/src/clients,
deps.ts), as a JSON list. A role missing here admits no gRPC peer at all.
*/}}
{{- define "gitlab-suite.grpcCallers" -}}
{{- $callers := dict }}
{{- $_ := set $callers "identity/server" (list "gateway" "projects" "merge-requests" "ci-triggers") }}
{{- $_ = set $callers "projects/server" (list "gateway" "identity" "merge-requests" "ci-triggers" "alerting") }}
{{- $_ = set $callers "projects/repository" (list "gateway" "projects" "merge-requests" "ci-triggers") }}
{{- $_ = set $callers "merge-requests/server" (list "gateway") }}
{{- $_ = set $callers "ci-triggers/server" (list "gateway" "merge-requests") }}
{{- $_ = set $callers "alerting/server" (list "gateway") }}
{{- get $callers (printf "%s/%s" .service .role) | default list | toJson }}
{{- end }}

{{/* Like Online Boutique's per-service policies: a gRPC role admits the services that call it. */}}
{{- define "gitlab-suite.networkPolicy" }}
{{- $kind := include "gitlab-suite.kind" . }}
{{- if .root.Values.networkPolicies.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
spec:
  podSelector:
    matchLabels:
      {{- include "gitlab-suite.selectorLabels" . | nindent 6 }}
  policyTypes:
    - Ingress
  ingress:
    {{- if eq $kind "http" }}
    - ports:
        - port: http
          protocol: TCP
    {{- end }}
    {{- /* An empty `from` would admit everyone: a role without callers gets no gRPC rule. */}}
    {{- $callers := include "gitlab-suite.grpcCallers" . | fromJsonArray }}
    {{- if and (eq $kind "grpc") $callers }}
    - from:
        {{- range $caller := $callers }}
        - podSelector:
            matchLabels:
              {{- include "gitlab-suite.selectorLabels" (dict "root" $.root "service" $caller) | nindent 14 }}
        {{- end }}
      ports:
        - port: grpc
          protocol: TCP
    {{- end }}
    - ports:
        - port: metrics
          protocol: TCP
      {{- with .root.Values.networkPolicies.metricsFrom }}
      from:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
{{- end }}

{{- define "gitlab-suite.serviceAccount" }}
{{- if .root.Values.serviceAccounts.create }}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "gitlab-suite.serviceAccountName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "gitlab-suite.labels" (dict "root" .root "service" .service) | nindent 4 }}
  {{- with .root.Values.serviceAccounts.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}
{{- end }}

{{/* Everything one service role renders: its workload, Service, HPA, PDB and NetworkPolicy. */}}
{{- define "gitlab-suite.role" }}
{{- if eq .role "repository" }}
{{- include "gitlab-suite.statefulSet" . }}
{{- else }}
{{- include "gitlab-suite.deployment" . }}
{{- end }}
{{- include "gitlab-suite.service" . }}
{{- include "gitlab-suite.hpa" . }}
{{- include "gitlab-suite.pdb" . }}
{{- include "gitlab-suite.networkPolicy" . }}
{{- end }}

{{/*
pgbouncer.ini: transaction pooling; named prepared statements kept per server connection (the
services prepare their data statements, packages/runtime prepared-statements.ts; PgBouncer 1.21
or later). Logs to stderr; no Unix socket, pidfile or admin console. Takes values, databases.
*/}}
{{- define "gitlab-suite.pgbouncerIni" -}}
[databases]
{{ join "\n" .databases }}

[pgbouncer]
listen_addr = 0.0.0.0
listen_port = {{ .values.port }}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = /etc/pgbouncer-config/userlist.txt
pool_mode = transaction
max_client_conn = {{ .values.maxClientConnections }}
default_pool_size = {{ .values.defaultPoolSize }}
max_prepared_statements = {{ .values.maxPreparedStatements }}
server_tls_sslmode = {{ .values.serverTlsSslmode }}
ignore_startup_parameters = extra_float_digits
{{- end }}
