import { ciFile, type ProjectTemplate } from './template.js'

/** Platform, pipeline and compliance templates. */
export const PLATFORM_TEMPLATES: ProjectTemplate[] = [
  {
    name: 'salesforcedx',
    title: 'SalesforceDX',
    description:
      'A project boilerplate for Salesforce App development with Salesforce Developer tools',
    files: [
      {
        path: 'sfdx-project.json',
        content:
          '{\n  "packageDirectories": [{ "path": "force-app", "default": true }],\n  "sourceApiVersion": "59.0"\n}\n',
      },
      {
        path: 'force-app/main/default/classes/Hello.cls',
        content:
          "public with sharing class Hello {\n  public static String greet() {\n    return 'Hello from Salesforce';\n  }\n}\n",
      },
      ciFile('node:20', {
        validate: [
          'test',
          'npm install --global @salesforce/cli',
          'sf project deploy validate --help',
        ],
      }),
    ],
  },
  {
    name: 'serverless_framework',
    title: 'Serverless Framework/JS',
    description:
      'A basic page and serverless function that uses AWS Lambda, AWS API Gateway, and GitLab Pages',
    files: [
      {
        path: 'serverless.yml',
        content:
          'service: hello\nprovider:\n  name: aws\n  runtime: nodejs20.x\nfunctions:\n  hello:\n    handler: handler.hello\n    events:\n      - httpApi: GET /hello\n',
      },
      {
        path: 'handler.js',
        content:
          "module.exports.hello = async () => ({\n  statusCode: 200,\n  body: JSON.stringify({ message: 'Hello from Lambda' }),\n})\n",
      },
      ciFile('node:20', {
        deploy: ['deploy', 'npm install --global serverless', 'serverless deploy'],
      }),
    ],
  },
  {
    name: 'tencent_serverless_framework',
    title: 'Tencent Serverless Framework/NextjsSSR',
    description: 'A project boilerplate for Tencent Serverless Framework that uses Next.js SSR',
    files: [
      {
        path: 'serverless.yml',
        content:
          'component: nextjs\nname: nextjs-ssr\ninputs:\n  src:\n    src: ./\n  region: ap-guangzhou\n',
      },
      {
        path: 'pages/index.js',
        content: 'export default function Home() {\n  return <h1>Next.js SSR</h1>\n}\n',
      },
      ciFile('node:20', {
        deploy: ['deploy', 'npm install --global serverless', 'serverless deploy'],
      }),
    ],
  },
  {
    name: 'jsonnet',
    title: 'Jsonnet for Dynamic Child Pipelines',
    description: 'An example showing how to use Jsonnet with GitLab dynamic child pipelines',
    files: [
      {
        path: 'pipeline.jsonnet',
        content:
          "local job(name) = { stage: 'test', script: ['echo ' + name] };\n\n{\n  ['job-' + name]: job(name)\n  for name in ['a', 'b']\n}\n",
      },
      {
        path: '.gitlab-ci.yml',
        content:
          'stages:\n  - generate\n  - run\n\ngenerate:\n  stage: generate\n  image: bitnami/jsonnet\n  script:\n    - jsonnet pipeline.jsonnet > child.yml\n  artifacts:\n    paths:\n      - child.yml\n\nchild:\n  stage: run\n  trigger:\n    include:\n      - artifact: child.yml\n        job: generate\n',
      },
    ],
  },
  {
    name: 'cluster_management',
    title: 'GitLab Cluster Management',
    description: 'An example project for managing Kubernetes clusters integrated with GitLab',
    files: [
      {
        path: 'helmfile.yaml',
        content:
          'helmDefaults:\n  atomic: true\n\nhelmfiles:\n  - path: applications/*/helmfile.yaml\n',
      },
      { path: 'applications/.gitkeep', content: '' },
      ciFile('alpine/helm:3.14', { apply: ['deploy', 'helm version'] }),
    ],
  },
  {
    name: 'nist_80053r5',
    title: 'NIST 800-53r5',
    description:
      'A project containing issues for security and privacy controls published by the U.S. National Institute of Standards and Technology',
    files: [
      {
        path: 'controls/AC-1.md',
        content:
          '# AC-1 Policy and Procedures\n\nDocument, disseminate and review the access control policy.\n',
      },
      {
        path: 'controls/AU-2.md',
        content: '# AU-2 Event Logging\n\nIdentify the events the system is capable of logging.\n',
      },
      ciFile('alpine', { lint: ['test', 'ls controls'] }),
    ],
  },
  {
    name: 'gitlab_components',
    title: 'GitLab CI/CD components',
    description: 'A basic folder structure and sample files for a CI/CD components project.',
    files: [
      {
        path: 'templates/my-component.yml',
        content:
          "spec:\n  inputs:\n    stage:\n      default: test\n---\ncomponent-job:\n  stage: $[[ inputs.stage ]]\n  script:\n    - echo 'Hello from a component'\n",
      },
      {
        path: '.gitlab-ci.yml',
        content:
          'include:\n  - component: $CI_SERVER_FQDN/$CI_PROJECT_PATH/my-component@$CI_COMMIT_SHA\n    inputs:\n      stage: test\n\nstages:\n  - test\n',
      },
    ],
  },
]
