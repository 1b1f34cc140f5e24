import {
  ColumnDefinitionNode,
  DataTypeNode,
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

// The migrations were written for SQLite, whose types are loose: an `integer` holds 64 bits, a
// `varchar(30)` holds any length, and an `integer primary key` numbers itself. On PostgreSQL this
// plugin gives each column the type with the same meaning, so one migration history serves both.

/** Rewrites SQLite column types into PostgreSQL's equivalents (installed on PostgreSQL only). */
class PortableTypes extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const base = super.transformColumnDefinition(node);
    if (!DataTypeNode.is(base.dataType)) return base;
    const type = base.dataType.dataType;
    if (type === 'integer' && base.primaryKey && base.column.column.name === 'id') {
      // SQLite's rowid alias: numbered when no id is given
      return ColumnDefinitionNode.cloneWith({ ...base, dataType: DataTypeNode.create('bigserial') } as ColumnDefinitionNode, {
        autoIncrement: false,
      });
    }
    if (type === 'integer') return { ...base, dataType: DataTypeNode.create('bigint') };
    if (type.startsWith('varchar')) return { ...base, dataType: DataTypeNode.create('text') };
    return base;
  }
}

/** The kysely plugin carrying PortableTypes. */
export class PortableSchemaPlugin implements KyselyPlugin {
  readonly #types = new PortableTypes();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    return kind === 'CreateTableNode' || kind === 'AlterTableNode' ? this.#types.transformNode(args.node) : args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
