/**
 * The messages the server can send users, read from its source (src/server, and src/shared whose texts
 * it sends too) with the TypeScript parser: the texts given to a refusal (invalid(...), conflict(...),
 * new HttpError(400, ...), a `message = '...'` default), the `message:` and `notice:` of an answer, and
 * what message builders return (validationMessage, noSeatNotice, domainRefusal). A text is exact
 * ('Saved.') or a template literal with values (`${domain} is verified.`), tried with sample values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceRoot = path.resolve(__dirname, '../../../src');

/** Not sent through the API as a message: server-rendered pages, mails, the migrations. */
const SKIPPED = [
  /^server\/sandbox\//,
  /^server\/support\//,
  /^server\/mail\//,
  /^server\/db\/migrations\.ts$/,
];

/** Refusals and the argument that holds their message (domain/errors.ts, http/errors.ts). */
const MESSAGE_ARGUMENT: Record<string, number> = {
  invalid: 0,
  unauthenticated: 0,
  forbidden: 0,
  notFound: 0,
  conflict: 0,
  rejected: 0,
  upstreamFailed: 0,
  unavailable: 0,
  tooManyAttempts: 1,
  DomainError: 1,
  HttpError: 1,
  requirePermission: 2,
};

/** Functions whose return value is a message (validationMessage, noSeatNotice). */
const MESSAGE_BUILDER = /(?:Message|Notice|Refusal)$/;

/** Properties whose text reaches users: an answer's `message` and `notice`, a check's `error`. */
const MESSAGE_PROPERTY = new Set(['message', 'notice', 'error']);

/** Parameters whose default is a message: `forbidden(message = 'You are not allowed to do this.')`. */
const MESSAGE_PARAMETER = new Set(['message', 'refusal']);

export type ServerMessage =
  | { kind: 'exact'; text: string; where: string }
  | {
      kind: 'template';
      /** The source: `${domain} is verified.` */
      source: string;
      /**
       * Messages it can produce: every choice of the literal texts it holds (`sent.length === 1 ?
       * 'invitation' : 'invitations'`), each other value replaced by its sample.
       */
      examples: string[];
      where: string;
    };

/**
 * What a value is like, by the source of its expression, where any text would not make a real message
 * (a count that picks the plural, a plan name that has its own Chinese); else the sample is the source
 * itself in ‹›, odd characters included.
 */
export type Samples = (expression: string) => string[] | undefined;

function serverFiles(): string[] {
  return ['server', 'shared'].flatMap((folder) =>
    readdirSync(path.join(sourceRoot, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
      .filter((file) => file.endsWith('.ts') && !SKIPPED.some((skip) => skip.test(file))),
  );
}

/** The top-level constants of every file, by name: messages a file imports (`throw invalid(NO_SEAT)`). */
function topLevelConstants(sources: ts.SourceFile[]): Map<string, ts.Expression> {
  const constants = new Map<string, ts.Expression>();
  for (const source of sources) {
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          constants.set(declaration.name.text, declaration.initializer);
        }
      }
    }
  }
  return constants;
}

function messagesOfFile(
  source: ts.SourceFile,
  imported: Map<string, ts.Expression>,
  samples: Samples,
): ServerMessage[] {
  const file = source.fileName;
  const found: ServerMessage[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  /**
   * The value of a local `const x = ...` seen from `name`'s place (the nearest enclosing block that
   * declares it), so `throw rejected(message)` finds the text given to `message`.
   */
  const constantOf = (name: ts.Identifier): ts.Expression | undefined => {
    for (let scope: ts.Node | undefined = name.parent; scope; scope = scope.parent) {
      if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const declaration = statement.declarationList.declarations.find(
          (candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name.text,
        );
        if (declaration) return declaration.initializer;
      }
    }
    return imported.get(name.text);
  };

  const seen = new Set<ts.Node>();
  /** The texts an expression can evaluate to, through conditionals, `??`/`||` and local constants. */
  const texts = (expression: ts.Expression | undefined): void => {
    if (!expression || seen.has(expression)) return;
    // '' is no message (a form's empty field).
    if (ts.isStringLiteralLike(expression) && expression.text === '') return;
    seen.add(expression);
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      found.push({ kind: 'exact', text: expression.text, where: where(expression) });
    } else if (ts.isTemplateExpression(expression)) {
      found.push({
        kind: 'template',
        source: expression.getText(),
        examples: [...new Set(examplesOf(expression))],
        where: where(expression),
      });
    } else if (ts.isConditionalExpression(expression)) {
      texts(expression.whenTrue);
      texts(expression.whenFalse);
    } else if (
      ts.isBinaryExpression(expression) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)
    ) {
      texts(expression.left);
      texts(expression.right);
    } else if (
      ts.isParenthesizedExpression(expression) ||
      ts.isAsExpression(expression) ||
      ts.isSatisfiesExpression(expression) ||
      ts.isElementAccessExpression(expression)
    ) {
      // FASTIFY_MESSAGES[code]: every text of the table.
      texts(expression.expression);
    } else if (ts.isObjectLiteralExpression(expression)) {
      for (const property of expression.properties) {
        if (ts.isPropertyAssignment(property)) texts(property.initializer);
      }
    } else if (ts.isIdentifier(expression)) {
      texts(constantOf(expression));
    } else if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)) {
      // CAP_REACHED(cap), a constant arrow function that words a message.
      const builder = constantOf(expression.expression);
      if (builder && ts.isArrowFunction(builder) && !ts.isBlock(builder.body)) texts(builder.body);
    }
  };

  /** The texts a value can be: its literal choices, else its samples. */
  const examplesOf = (expression: ts.Expression, depth = 0): string[] => {
    const given = samples(expression.getText());
    if (given) return given;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return [expression.text];
    if (ts.isTemplateExpression(expression)) {
      return expression.templateSpans.reduce(
        (heads, span) =>
          heads.flatMap((head) =>
            examplesOf(span.expression, depth + 1).map((value) => head + value + span.literal.text),
          ),
        [expression.head.text],
      );
    }
    if (ts.isConditionalExpression(expression)) {
      return [...examplesOf(expression.whenTrue, depth + 1), ...examplesOf(expression.whenFalse, depth + 1)];
    }
    if (ts.isParenthesizedExpression(expression)) return examplesOf(expression.expression, depth + 1);
    if (
      ts.isBinaryExpression(expression) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)
    ) {
      return [...examplesOf(expression.left, depth + 1), ...examplesOf(expression.right, depth + 1)];
    }
    const constant = ts.isIdentifier(expression) ? constantOf(expression) : undefined;
    if (constant && depth < 5 && isText(constant)) return examplesOf(constant, depth + 1);
    return [`‹${expression.getText()}›`];
  };

  const calleeName = (node: ts.CallExpression | ts.NewExpression) =>
    ts.isIdentifier(node.expression) ? node.expression.text : undefined;

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const index = MESSAGE_ARGUMENT[calleeName(node) ?? ''];
      if (index !== undefined) texts(node.arguments?.[index]);
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      MESSAGE_PROPERTY.has(node.name.text)
    ) {
      texts(node.initializer);
    } else if (ts.isShorthandPropertyAssignment(node) && MESSAGE_PROPERTY.has(node.name.text)) {
      texts(node.name);
    } else if (ts.isParameter(node) && ts.isIdentifier(node.name) && MESSAGE_PARAMETER.has(node.name.text)) {
      texts(node.initializer);
    } else if (ts.isReturnStatement(node)) {
      const builder = ts.findAncestor(node, ts.isFunctionDeclaration);
      if (builder?.name && MESSAGE_BUILDER.test(builder.name.text)) texts(node.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An expression written as text (literals, choices between them), not computed. */
function isText(expression: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(expression)) return isText(expression.expression);
  if (ts.isConditionalExpression(expression))
    return isText(expression.whenTrue) || isText(expression.whenFalse);
  return ts.isStringLiteralLike(expression) || ts.isTemplateExpression(expression);
}

export function serverMessages(samples: Samples = () => undefined): ServerMessage[] {
  const sources = serverFiles().map((file) =>
    ts.createSourceFile(
      file,
      readFileSync(path.join(sourceRoot, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    ),
  );
  const imported = topLevelConstants(sources);
  return sources.flatMap((source) => messagesOfFile(source, imported, samples));
}
