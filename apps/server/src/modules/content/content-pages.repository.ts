import type { AnnouncementType } from '@sorte/shared';
import type { Connection, Database } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import type { AnnouncementRow, Localised, NewAnnouncement } from './content.repository';

export type ConsoleAnnouncementRow = AnnouncementRow & { merchant_code: string };

export type AnnouncementFilter = {
  /** null: every merchant. */
  merchantCode: string | null;
  types: AnnouncementType[] | null;
  /** Those with a title in this language. */
  language: string | null;
  /** Shown at `now` (true) or not (false); null: both. */
  active: boolean | null;
  now: Date;
  limit: number;
  offset: number;
};

/** An announcement's fields a console write sets (the key is the row's own, made when created). */
export type AnnouncementFields = Omit<NewAnnouncement, 'merchantCode' | 'key'>;

export type ConsoleHelpArticleRow = {
  id: bigint;
  merchant_code: string;
  language: string;
  category: string;
  category_title: string;
  category_sort: number;
  title: string;
  content: string;
  sort: number;
};

export type HelpArticleFields = { category: string; categoryTitle: string; title: string; content: string };

export type MaintenancePageRow = {
  merchant_code: string;
  is_on: boolean;
  texts: Array<{ language: string; title: string; info: string; updated_at: string }>;
};

const announcementColumns = `id, merchant_code, type, title, content, execution, images, sort, published_at,
  starts_at, ends_at`;
const helpColumns = `id, merchant_code, language, category, category_title, category_sort, title, content,
  sort`;

/**
 * SQL of the console's content pages: every announcement and help article whatever its window,
 * changed by id within the operator's merchant (null: any), and the maintenance page's texts.
 */
export class ContentPagesRepository {
  constructor(private readonly db: Database) {}

  async listAnnouncements(filter: AnnouncementFilter) {
    const rows = await this.db.query<ConsoleAnnouncementRow & { total: string }>(
      `select ${announcementColumns}, count(*) over () as total
         from announcements
        where ($1::text is null or merchant_code = $1)
          and ($2::text[] is null or type = any($2))
          and ($3::text is null or title ? $3)
          and ($4::boolean is null
               or ((starts_at is null or starts_at <= $5) and (ends_at is null or ends_at > $5)) = $4)
        order by published_at desc, id desc
        limit $6 offset $7`,
      [
        filter.merchantCode,
        filter.types,
        filter.language,
        filter.active,
        filter.now,
        filter.limit,
        filter.offset,
      ],
    );
    return { rows, total: Number(rows[0]?.total ?? 0) };
  }

  async findAnnouncement(id: string, merchantCode: string | null) {
    const [row] = await this.db.query<ConsoleAnnouncementRow>(
      `select ${announcementColumns} from announcements
        where id = $1 and ($2::text is null or merchant_code = $2)`,
      [id, merchantCode],
    );
    return row;
  }

  async insertAnnouncement(merchantCode: string, key: string, fields: AnnouncementFields) {
    const [row] = await this.db.query<{ id: bigint }>(
      `insert into announcements
         (merchant_code, key, type, title, content, execution, images, sort, published_at,
          starts_at, ends_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       returning id`,
      [merchantCode, key, ...announcementValues(fields)],
    );
    return String((row as { id: bigint }).id);
  }

  /** False when no announcement has this id within the merchant. */
  async updateAnnouncement(id: string, merchantCode: string, fields: AnnouncementFields) {
    const rows = await this.db.query(
      `update announcements set
         type = $3, title = $4, content = $5, execution = $6, images = $7, sort = $8,
         published_at = $9, starts_at = $10, ends_at = $11
       where id = $1 and merchant_code = $2
       returning id`,
      [id, merchantCode, ...announcementValues(fields)],
    );
    return rows.length === 1;
  }

  async deleteAnnouncement(id: string, merchantCode: string | null) {
    const rows = await this.db.query(
      'delete from announcements where id = $1 and ($2::text is null or merchant_code = $2) returning id',
      [id, merchantCode],
    );
    return rows.length === 1;
  }

  // ----- help centre ----------------------------------------------------------------------------

  /** A merchant's help centre in one language, in the site's order. */
  listHelpArticles(merchantCode: string, language: string) {
    return this.db.query<ConsoleHelpArticleRow>(
      `select ${helpColumns} from help_articles
        where merchant_code = $1 and language = $2
        order by category_sort, category, sort, id`,
      [merchantCode, language],
    );
  }

  async findHelpArticle(id: string, merchantCode: string | null) {
    const [row] = await this.db.query<ConsoleHelpArticleRow>(
      `select ${helpColumns} from help_articles
        where id = $1 and ($2::text is null or merchant_code = $2)`,
      [id, merchantCode],
    );
    return row;
  }

  /** A new article goes last in its category; a new category goes last in the help centre. */
  insertHelpArticle(merchantCode: string, language: string, key: string, fields: HelpArticleFields) {
    return inTransaction(this.db, async (on) => {
      const place = await placeInCategory(on, merchantCode, language, fields.category);
      await renameCategory(on, merchantCode, language, fields.category, fields.categoryTitle);
      const [row] = await on.query<{ id: bigint }>(
        `insert into help_articles
           (merchant_code, key, language, category, category_title, category_sort, title, content, sort)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         returning id`,
        [
          merchantCode,
          key,
          language,
          fields.category,
          fields.categoryTitle,
          place.categorySort,
          fields.title,
          fields.content,
          place.sort,
        ],
      );
      return String((row as { id: bigint }).id);
    });
  }

  /** Moved to another category, it goes last there. False when there is no such article. */
  updateHelpArticle(id: string, merchantCode: string, fields: HelpArticleFields) {
    return inTransaction(this.db, async (on) => {
      const [current] = await on.query<ConsoleHelpArticleRow>(
        `select ${helpColumns} from help_articles where id = $1 and merchant_code = $2 for update`,
        [id, merchantCode],
      );
      if (!current) return false;
      const place =
        current.category === fields.category
          ? { categorySort: current.category_sort, sort: current.sort }
          : await placeInCategory(on, merchantCode, current.language, fields.category);
      await renameCategory(on, merchantCode, current.language, fields.category, fields.categoryTitle);
      await on.query(
        `update help_articles set category = $2, category_title = $3, category_sort = $4, title = $5,
           content = $6, sort = $7
         where id = $1`,
        [
          id,
          fields.category,
          fields.categoryTitle,
          place.categorySort,
          fields.title,
          fields.content,
          place.sort,
        ],
      );
      return true;
    });
  }

  async deleteHelpArticle(id: string, merchantCode: string | null) {
    const rows = await this.db.query(
      'delete from help_articles where id = $1 and ($2::text is null or merchant_code = $2) returning id',
      [id, merchantCode],
    );
    return rows.length === 1;
  }

  /**
   * Sets each article's category place and place within it, in one statement, checked against the
   * help centre as it is now in the same transaction: false when the arrangement does not hold
   * every article of it exactly once, each in its own category.
   */
  reorderHelpArticles(
    merchantCode: string,
    language: string,
    places: Array<{ id: string; category: string; categorySort: number; sort: number }>,
  ) {
    return inTransaction(this.db, async (on) => {
      const current = await on.query<{ id: bigint; category: string }>(
        'select id, category from help_articles where merchant_code = $1 and language = $2 for update',
        [merchantCode, language],
      );
      const categoryOf = new Map(current.map((row) => [String(row.id), row.category]));
      const isExact =
        places.length === categoryOf.size &&
        new Set(places.map((place) => place.id)).size === places.length &&
        places.every((place) => categoryOf.get(place.id) === place.category);
      if (!isExact) return false;
      await on.query(
        `update help_articles h set category_sort = v.category_sort, sort = v.sort
           from unnest($3::bigint[], $4::int[], $5::int[]) as v(id, category_sort, sort)
          where h.id = v.id and h.merchant_code = $1 and h.language = $2`,
        [
          merchantCode,
          language,
          places.map((place) => place.id),
          places.map((place) => place.categorySort),
          places.map((place) => place.sort),
        ],
      );
      return true;
    });
  }

  // ----- maintenance page texts -----------------------------------------------------------------

  /** Each merchant (or the one asked), whether its site is closed now, and its texts. */
  listMaintenancePages(merchantCode: string | null) {
    return this.db.query<MaintenancePageRow>(
      `select s.merchant_code, s.maintenance is not null as is_on,
              coalesce((select jsonb_agg(jsonb_build_object('language', t.language, 'title', t.title,
                                 'info', t.info, 'updated_at', t.updated_at) order by t.language)
                          from maintenance_texts t where t.merchant_code = s.merchant_code),
                       '[]'::jsonb) as texts
         from merchant_settings s
        where ($1::text is null or s.merchant_code = $1)
        order by s.merchant_code`,
      [merchantCode],
    );
  }

  async findMaintenanceText(merchantCode: string, language: string) {
    const [row] = await this.db.query<{ language: string; title: string; info: string; updated_at: Date }>(
      `select language, title, info, updated_at from maintenance_texts
        where merchant_code = $1 and language = $2`,
      [merchantCode, language],
    );
    return row;
  }

  async upsertMaintenanceText(merchantCode: string, language: string, title: string, info: string) {
    const [row] = await this.db.query<{ language: string; title: string; info: string; updated_at: Date }>(
      `insert into maintenance_texts (merchant_code, language, title, info) values ($1, $2, $3, $4)
       on conflict (merchant_code, language) do update set
         title = excluded.title, info = excluded.info, updated_at = now()
       returning language, title, info, updated_at`,
      [merchantCode, language, title, info],
    );
    return row as NonNullable<typeof row>;
  }

  async deleteMaintenanceText(merchantCode: string, language: string) {
    const rows = await this.db.query(
      'delete from maintenance_texts where merchant_code = $1 and language = $2 returning language',
      [merchantCode, language],
    );
    return rows.length === 1;
  }
}

function announcementValues(fields: AnnouncementFields) {
  return [
    fields.type,
    JSON.stringify(fields.title satisfies Localised),
    JSON.stringify(fields.content),
    fields.execution,
    JSON.stringify(fields.images),
    fields.sort,
    fields.publishedAt,
    fields.startsAt,
    fields.endsAt,
  ];
}

/** Where an article added to this category goes: the category's place (or a new last one), last in it. */
async function placeInCategory(on: Connection, merchantCode: string, language: string, category: string) {
  const [row] = await on.query<{ category_sort: number; sort: number }>(
    `select coalesce(max(category_sort) filter (where category = $3),
                     max(category_sort) + 1, 0) as category_sort,
            coalesce(max(sort) filter (where category = $3) + 1, 0) as sort
       from help_articles where merchant_code = $1 and language = $2`,
    [merchantCode, language, category],
  );
  return { categorySort: Number(row?.category_sort ?? 0), sort: Number(row?.sort ?? 0) };
}

/** The category's title is one per language: every article of it takes the new one. */
async function renameCategory(
  on: Connection,
  merchantCode: string,
  language: string,
  category: string,
  title: string,
) {
  await on.query(
    `update help_articles set category_title = $4
      where merchant_code = $1 and language = $2 and category = $3 and category_title <> $4`,
    [merchantCode, language, category, title],
  );
}
