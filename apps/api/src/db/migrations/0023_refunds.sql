-- issue 15: filled by its part (placeholder while it is written)
SELECT 1;
