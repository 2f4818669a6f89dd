-- The hold limits (issue 9), counted inside the statement that makes an order (issue 12: an order
-- in at most six round trips). A new order first takes its holder's transaction lock, so the
-- orders of one account or guest address are made one after the other; the count must then see
-- every order the holder committed while this one waited. A single SQL statement keeps the
-- snapshot it started with, but each statement of a VOLATILE function takes a fresh one, so the
-- lock and the count live here. Reads the booking module's own tables only: the seats of a live
-- unpaid order are its seated passengers on each of its segments (what its seat holds are).
-- Statuses and seated passenger types are passed in, named where the code declares them.
CREATE OR REPLACE FUNCTION booking_holder_unpaid(
  p_holder text,
  p_now timestamptz,
  p_unpaid smallint,
  p_seated smallint[]
) RETURNS TABLE (held_orders integer, held_seats integer, seats_by_flight jsonb)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('booking-holder:' || p_holder));
  RETURN QUERY
    WITH live AS (
      SELECT o.id FROM orders o
       WHERE o.holder = p_holder AND o.status = p_unpaid AND o.pay_deadline > p_now
    ), by_flight AS (
      SELECT s.flight_id,
             (SELECT count(*) FROM order_passengers p
               WHERE p.order_id = s.order_id AND p.passenger_type = ANY (p_seated))::integer AS seats
        FROM live JOIN order_segments s ON s.order_id = live.id
    ), per_flight AS (
      SELECT b.flight_id, sum(b.seats)::integer AS seats FROM by_flight b GROUP BY b.flight_id
    )
    SELECT (SELECT count(*)::integer FROM live),
           COALESCE((SELECT sum(f.seats)::integer FROM per_flight f), 0),
           COALESCE((SELECT jsonb_object_agg(f.flight_id, f.seats) FROM per_flight f), '{}'::jsonb);
END
$$;
