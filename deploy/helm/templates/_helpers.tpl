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
{{- if not $v.internalApiSecret.existingSecret.name }}
INTERNAL_API_SECRET: {{ include "gitlab-suite.internalApiSecret" .root | quote }}
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
{{- include "gitlab-suite.secretEnv" (dict "root" $root "setting" "database" "name" "DATABASE_URL" "secretName" $secretName) }}
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

{{- define "gitlab-suite.pdb" }}
{{- $budget := .root.Values.podDisruptionBudgets }}
{{- if and $budget.enabled (or (gt (int .values.replicas) 0) (dig "autoscaling" "enabled" false .values)) }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  {{- include "gitlab-suite.metadata" . | nindent 2 }}
spec:
  maxUnavailable: {{ $budget.maxUnavailable }}
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
{{- $_ = set $callers "projects/server" (list "gateway" "merge-requests" "ci-triggers" "alerting") }}
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
