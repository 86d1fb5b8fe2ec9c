// ESLint rule suite/no-access-level-comparison: an access-level comparison (`level >= MAINTAINER`)
// is a permission rule, and a permission rule has one home, the owner's policy table. Outside
// policy files (policy*.ts, *-policy.ts, or anything under a policy/ folder) the rule rejects `<`, `<=`, `>`
// and `>=` where either side is an `AccessLevel.X` member or, when type information is at hand,
// a value typed AccessLevel (a variable, a field, a constant holding a member).
import ts from 'typescript'

const RELATIONAL = new Set(['<', '<=', '>', '>='])
const ACCESS_LEVEL_TYPE = /(?:^|\.)AccessLevel(?:\.|$)/

/** Parentheses leave no node in ESTree; type assertions and `!` do. */
function unwrap(node) {
  let inner = node
  while (
    inner.type === 'TSAsExpression' ||
    inner.type === 'TSNonNullExpression' ||
    inner.type === 'TSTypeAssertion' ||
    inner.type === 'TSSatisfiesExpression' ||
    inner.type === 'ChainExpression'
  ) {
    inner = inner.expression
  }
  return inner
}

/** `AccessLevel.X`, `proto.AccessLevel.X`, `AccessLevel['X']`, or an expression containing one
 * as an operand of `??`, `||` or `?:` (`(level ?? AccessLevel.NO_ACCESS) > ...`). */
function mentionsAccessLevelMember(node) {
  const inner = unwrap(node)
  if (inner.type === 'MemberExpression') {
    const object = unwrap(inner.object)
    if (object.type === 'Identifier') return object.name === 'AccessLevel'
    if (object.type === 'MemberExpression' && !object.computed) {
      return object.property.type === 'Identifier' && object.property.name === 'AccessLevel'
    }
    return false
  }
  if (inner.type === 'LogicalExpression') {
    return mentionsAccessLevelMember(inner.left) || mentionsAccessLevelMember(inner.right)
  }
  if (inner.type === 'ConditionalExpression') {
    return mentionsAccessLevelMember(inner.consequent) || mentionsAccessLevelMember(inner.alternate)
  }
  return false
}

function isAccessLevelType(checker, type) {
  if (type.isUnion()) return type.types.some((part) => isAccessLevelType(checker, part))
  if ((type.flags & ts.TypeFlags.EnumLike) === 0) return false
  return ACCESS_LEVEL_TYPE.test(checker.typeToString(type))
}

export const noAccessLevelComparison = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Reject access-level comparisons outside the policy files',
    },
    schema: [],
    messages: {
      comparison:
        'Access-level comparison outside a policy file: ask the owner\u2019s policy for the ability instead (the rule lives in policy*.ts)',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices
    const typed = services?.program != null && services.esTreeNodeToTSNodeMap != null
    const checker = typed ? services.program.getTypeChecker() : undefined

    function typedAccessLevel(node) {
      if (!typed) return false
      const tsNode = services.esTreeNodeToTSNodeMap.get(node)
      return tsNode != null && isAccessLevelType(checker, checker.getTypeAtLocation(tsNode))
    }

    return {
      BinaryExpression(node) {
        if (!RELATIONAL.has(node.operator)) return
        const sides = [node.left, node.right]
        if (sides.some(mentionsAccessLevelMember) || sides.some(typedAccessLevel)) {
          context.report({ node, messageId: 'comparison' })
        }
      },
    }
  },
}

/** The plugin, registered in eslint.config.js as `suite`. */
export const suitePlugin = {
  meta: { name: 'suite' },
  rules: { 'no-access-level-comparison': noAccessLevelComparison },
}

/** The files where access levels may be compared: the policy tables (policy.ts,
 * policy-conditions.ts, identity's group-policy.ts, anything under a policy/ folder). */
export const POLICY_FILES = ['**/policy*.ts', '**/*-policy.ts', '**/policy/**/*.ts']

/** Flat config objects: the rule on every TypeScript file, off in policy files. */
export function accessLevelRuleConfigs() {
  return [
    {
      files: ['**/*.ts'],
      plugins: { suite: suitePlugin },
      rules: { 'suite/no-access-level-comparison': 'error' },
    },
    { files: POLICY_FILES, rules: { 'suite/no-access-level-comparison': 'off' } },
  ]
}
