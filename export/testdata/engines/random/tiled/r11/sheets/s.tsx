<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="62" tileheight="43" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="37" y="12" width="62" height="43">
  <properties>
   <property name="pivot" value="-613.4170978991372,-5.99999991038891"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="r11/sheets/s/2"/>
  </properties>
  <image source="../../../../art/r11/sheets/s.png"/>
 </tile>
</tileset>
