-- The payments history (a cached list, http/list-cache.ts) reads each invoice's signed document and
-- its reporting state; a document written after its invoice must move the academy's data version
-- too, or the cached list would keep showing the invoice without it (test/data-versions.test.ts).
CREATE CONSTRAINT TRIGGER invoice_documents_data_version AFTER INSERT OR UPDATE OR DELETE ON invoice_documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
