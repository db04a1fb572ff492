import { eq } from 'drizzle-orm';
import type { Database } from '../../client';
import { blogCategories, blogs, blogTags, tags } from '../../schema/blogs';
import { users } from '../../schema/users';
import { BLOG_CATEGORIES, BLOGS, TAGS } from '../data/content';
import { DEMO_ADMIN_EMAIL } from '../demo-accounts';
import { DAY, type MediaId } from '../demo-images';
import { REFERENCE_DATE } from '../products';
import { slugify } from '../random';
import { insertReturning } from './rows';

/** Blog categories, tags and posts by the operator. */
export async function seedBlogs(tx: Database, mid: MediaId) {
  // Blog.
  const blogCategoryRows = await insertReturning(
    tx,
    blogCategories,
    BLOG_CATEGORIES.map((c) => ({ name: c.name, translations: { id: c.id, ar: c.ar }, slug: c.slug })),
  );
  const tagRows = await insertReturning(
    tx,
    tags,
    TAGS.map((name) => ({ name, slug: slugify(name) })),
  );
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const blogRows = await insertReturning(
    tx,
    blogs,
    BLOGS.map((b, i) => ({
      userId: (admin as { id: number }).id,
      categoryId: blogCategoryRows.find((c) => c.slug === b.category)?.id ?? null,
      title: b.title,
      slug: slugify(b.title),
      mediaId: mid(`/uploads/demo/blogs/${slugify(b.title)}.webp`),
      description: `${b.paragraphs.map((p) => `<p>${p}</p>`).join('')}<h3>Tips</h3><ul>${b.tips.map((t) => `<li>${t}</li>`).join('')}</ul>`,
      viewsCount: 120 + ((i * 137) % 900),
      createdAt: new Date(REFERENCE_DATE.getTime() - (i * 6 + 1) * DAY),
    })),
  );
  await tx.insert(blogTags).values(
    BLOGS.flatMap((b, i) =>
      b.tags.map((tag) => ({
        blogId: (blogRows[i] as { id: number }).id,
        tagId: tagRows.find((t) => t.name === tag)?.id as number,
      })),
    ),
  );
}
