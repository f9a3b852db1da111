-- Trigram similarity powers typo-tolerant search (postgress → postgres).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
