import { ciFile, type ProjectTemplate, type TemplateFile } from './template.js'

const INDEX_HTML = (title: string) =>
  `<!DOCTYPE html>\n<html>\n  <head>\n    <meta charset="utf-8">\n    <title>${title}</title>\n  </head>\n  <body>\n    <h1>${title}</h1>\n    <p>Published with GitLab Pages.</p>\n  </body>\n</html>\n`

/** A GitLab Pages site: its generator's files and a `pages` job publishing public/. */
function pagesTemplate(
  name: string,
  generator: string,
  about: string,
  files: TemplateFile[],
  image: string,
  build: string[],
): ProjectTemplate {
  return {
    name,
    title: `Pages/${generator}`,
    description: `Template for GitLab Pages and ${generator}. ${about}`,
    files: [...files, ciFile(image, { pages: ['deploy', ...build] as [string, ...string[]] })],
  }
}

/** The Pages templates: static site generators whose output GitLab Pages serves. */
export const PAGES_TEMPLATES: ProjectTemplate[] = [
  pagesTemplate(
    'astro',
    'Astro',
    'Astro is a static site generator written in JavaScript.',
    [
      {
        path: 'package.json',
        content:
          '{\n  "name": "astro-site",\n  "private": true,\n  "scripts": { "build": "astro build --outDir public" },\n  "dependencies": { "astro": "^4.0.0" }\n}\n',
      },
      {
        path: 'src/pages/index.astro',
        content: '---\nconst title = "Astro on GitLab Pages"\n---\n<h1>{title}</h1>\n',
      },
    ],
    'node:20',
    ['npm install', 'npm run build'],
  ),
  pagesTemplate(
    'docusaurus',
    'Docusaurus',
    'Docusaurus is a static site generator written in React.',
    [
      {
        path: 'package.json',
        content:
          '{\n  "name": "docusaurus-site",\n  "private": true,\n  "scripts": { "build": "docusaurus build --out-dir public" },\n  "dependencies": { "@docusaurus/core": "^3.0.0", "@docusaurus/preset-classic": "^3.0.0" }\n}\n',
      },
      { path: 'docs/intro.md', content: '# Introduction\n\nWrite your documentation here.\n' },
    ],
    'node:20',
    ['npm install', 'npm run build'],
  ),
  pagesTemplate(
    'hugo',
    'Hugo',
    'Hugo is a static site generator written in Go.',
    [
      { path: 'hugo.toml', content: "baseURL = '/'\ntitle = 'Hugo on GitLab Pages'\n" },
      { path: 'content/_index.md', content: '# Hugo on GitLab Pages\n' },
    ],
    'hugomods/hugo:exts',
    ['hugo --destination public'],
  ),
  pagesTemplate(
    'jekyll',
    'Jekyll',
    'Jekyll is a static site generator written in Ruby.',
    [
      { path: 'Gemfile', content: "source 'https://rubygems.org'\n\ngem 'jekyll', '~> 4.3'\n" },
      { path: '_config.yml', content: 'title: Jekyll on GitLab Pages\n' },
      { path: 'index.md', content: '---\nlayout: default\n---\n\n# Jekyll on GitLab Pages\n' },
    ],
    'ruby:3.2',
    ['bundle install', 'bundle exec jekyll build -d public'],
  ),
  pagesTemplate(
    'nextjs',
    'Next.js',
    'Next.js is a React framework for building web applications.',
    [
      {
        path: 'package.json',
        content:
          '{\n  "name": "nextjs-site",\n  "private": true,\n  "scripts": { "build": "next build && mv out public" },\n  "dependencies": { "next": "^14.0.0", "react": "^18.2.0", "react-dom": "^18.2.0" }\n}\n',
      },
      { path: 'next.config.js', content: "module.exports = { output: 'export' }\n" },
      {
        path: 'pages/index.js',
        content: 'export default function Home() {\n  return <h1>Next.js on GitLab Pages</h1>\n}\n',
      },
    ],
    'node:20',
    ['npm install', 'npm run build'],
  ),
  pagesTemplate(
    'nuxt',
    'Nuxt',
    'Nuxt is a Vue framework for building web applications.',
    [
      {
        path: 'package.json',
        content:
          '{\n  "name": "nuxt-site",\n  "private": true,\n  "scripts": { "build": "nuxt generate && cp -r .output/public public" },\n  "dependencies": { "nuxt": "^3.9.0" }\n}\n',
      },
      { path: 'app.vue', content: '<template>\n  <h1>Nuxt on GitLab Pages</h1>\n</template>\n' },
    ],
    'node:20',
    ['npm install', 'npm run build'],
  ),
  {
    name: 'plainhtml',
    title: 'Pages/Plain HTML',
    description: 'Template for GitLab Pages using plain HTML, CSS, and JavaScript.',
    files: [
      { path: 'public/index.html', content: INDEX_HTML('Plain HTML on GitLab Pages') },
      {
        path: 'public/style.css',
        content: 'body {\n  font-family: sans-serif;\n  margin: 2rem;\n}\n',
      },
      ciFile('busybox', { pages: ['deploy', 'echo "The site is in public/"'] }),
    ],
  },
]
