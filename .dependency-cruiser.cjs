/**
 * The import rules of STYLE.md, checked by `npm run lint:deps` (part of `npm test`): no cycles, Kysely
 * only in repositories, common/ shared by both sides and importing neither, web features reaching each
 * other only through their public entry, and the shared web layers importing no feature. On the server the
 * arrows run one way too: the lower layers import no feature, and a feature reads no other feature's tables.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import cycle makes the load order matter and the layers meaningless.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "kysely-only-in-repositories",
      comment: "SQL lives in *.repository.ts (and db/, test setup); services and routes call repositories.",
      severity: "error",
      from: { path: "^server/src/", pathNot: ["\\.repository\\.ts$", "^server/src/db/", "^server/src/test/", "\\.test\\.ts$"] },
      to: { path: "^node_modules/kysely/" },
    },
    {
      name: "server-lower-layers-import-no-feature",
      comment: "plugins/, lib/, jobs/, events/ and live/ sit below the features: a feature hands them what they need (a function, its jobs).",
      severity: "error",
      from: { path: "^server/src/(plugins|lib|jobs|events|live)/", pathNot: ["\\.test\\.ts$"] },
      to: { path: "^server/src/features/" },
    },
    {
      name: "feature-reads-no-other-features-repository",
      comment: "A feature asks another feature's service, or gets a function injected; only the owner reads its tables.",
      severity: "error",
      from: { path: "^server/src/features/([^/]+)/", pathNot: ["\\.test\\.ts$"] },
      to: { path: "^server/src/features/[^/]+/.*\\.repository\\.ts$", pathNot: ["^server/src/features/$1/"] },
    },
    {
      name: "common-imports-neither-side",
      comment: "common/ holds what server and web share; it cannot depend on either.",
      severity: "error",
      from: { path: "^common/src/" },
      to: { path: "^(server|web)/" },
    },
    {
      name: "server-and-web-apart",
      comment: "The two sides meet only through common/.",
      severity: "error",
      from: { path: "^(server|web)/src/" },
      to: { path: "^(server|web)/src/", pathNot: ["^$1/src/"] },
    },
    {
      name: "web-feature-public-entry",
      comment: "A web feature reaches another only through that feature's index.ts.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/[^/]+/", pathNot: ["^web/src/features/$1/", "^web/src/features/[^/]+/index\\.tsx?$"] },
    },
    {
      name: "web-shared-layers-import-no-feature",
      comment: "lib/ and components/ are below the features: app -> routes -> features -> shared.",
      severity: "error",
      from: { path: "^web/src/(lib|components)/" },
      to: { path: "^web/src/(features|routes|app)/" },
    },
    {
      name: "web-features-import-no-page",
      comment: "Pages compose features, not the other way round.",
      severity: "error",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/(routes|app)/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^dist/" },
  },
};
