-- A package's description in Arabic (docs/domain.md, "Packages"): shown instead of `description`
-- on Arabic screens, like `name_arabic` beside `name`. Null when the academy wrote none.
ALTER TABLE "packages" ADD COLUMN "description_arabic" text;
